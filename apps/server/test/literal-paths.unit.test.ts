import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tests call endpoints, not paths (docs/architecture.md, "Tests"; issue 23, item 3): a server test calls the
 * contract's endpoint declarations through `test/calls.ts` (`call(who, traceEndpoints.shipmentSave, body)`), a web
 * test answers them through the fake server keyed by declaration (`apps/web/src/test/fake-server.ts`), so that a
 * renamed path breaks the compiler, not the tests. This check finds string and template literals holding an API
 * path (`'/api/…'`, `'/dolphin/api/…'`, `` `/open/trace/${code}` ``) in test files and test helpers.
 *
 * The files written before the pattern are allowed the number of lines they have today. The list only shrinks: a
 * file that loses literal paths must have its number lowered (or its entry removed), and a file not on the list
 * may have none. A new module's tests are never added to it.
 */

const root = path.resolve(import.meta.dirname, '../../..');

/** Where tests and test helpers live. */
const scanned = [
  { dir: 'apps/server/src', file: /(\.test\.ts|test-support\.ts)$/ },
  { dir: 'apps/server/test', file: /\.ts$/ },
  { dir: 'apps/web/src', file: /(\.test\.tsx?|[\\/]test[\\/].*\.tsx?|testing\.tsx?)$/ },
];

/** A literal (quote or backtick, maybe a `${base}` first) whose text is a path with an `api` or `open` segment. */
const LITERAL_PATH = /[`'"](?:\$\{[^}]*\})?\/(?:[A-Za-z0-9_.-]+\/)*(?:api|open)\//;

/** Lines of comment: a path in prose is documentation, not a call. */
const COMMENT = /^\s*(\*|\/\/|\/\*)/;

/** The files written before the pattern, with the number of lines of literal paths each still has. Only shrinks. */
const ALLOWED: Record<string, number> = {
  'apps/server/src/db/seed/demo-basic-materials.test.ts': 1,
  'apps/server/src/modules/basic-material/basic-material-review.test.ts': 1,
  'apps/server/src/modules/catalogue/catalogue.routes.test.ts': 5,
  'apps/server/src/modules/certificate/certificate.routes.test.ts': 72,
  'apps/server/src/modules/ledger/ledger.routes.test.ts': 57,
  'apps/server/src/modules/listing/listing.routes.test.ts': 46,
  'apps/server/src/modules/message/message.routes.test.ts': 1,
  'apps/server/src/modules/product/product.routes.test.ts': 7,
  'apps/server/src/modules/reference/reference.routes.test.ts': 17,
  'apps/server/src/modules/revision/revision.routes.test.ts': 2,
  'apps/server/test/auth.test.ts': 9,
  'apps/server/test/connection-loss.test.ts': 2,
  'apps/server/test/cross-organisation.test.ts': 14,
  'apps/server/test/files.test.ts': 6,
  'apps/server/test/first-minutes.test.ts': 18,
  // Unknown paths on purpose (/api/nothing-here, /api/missing): the 404 and the headers every answer carries.
  'apps/server/test/gateway.test.ts': 5,
  'apps/server/test/harness.ts': 1,
  'apps/server/test/independent-client.test.ts': 5,
  // An unknown path on purpose: the /open/ limit refuses it before routing.
  'apps/server/test/open-reads.test.ts': 1,
  'apps/server/test/sessions.test.ts': 23,
  'apps/server/test/startup.test.ts': 3,
  'apps/server/test/upload-limit.test.ts': 2,
  'apps/web/src/app/guard.test.ts': 15,
  'apps/web/src/app/session-expiry.test.tsx': 8,
  'apps/web/src/features/auth/pages/LoginPage.test.tsx': 4,
  'apps/web/src/features/certificate/pages/FreeCertificatePage.test.tsx': 1,
  'apps/web/src/layout/ConsoleLayout.test.tsx': 7,
  'apps/web/src/lib/api.test.ts': 6,
  'apps/web/src/lib/http.test.ts': 23,
};

/** The lines of literal paths in a text, as `line: text`. */
export function literalPaths(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !COMMENT.test(line) && LITERAL_PATH.test(line))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

function found(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { dir, file } of scanned) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      const rel = `${dir}/${entry.split(path.sep).join('/')}`;
      if (rel.includes('node_modules') || !file.test(rel) || rel.endsWith('literal-paths.unit.test.ts')) continue;
      const hits = literalPaths(readFileSync(path.join(root, rel), 'utf8'));
      if (hits.length > 0) out.set(rel, hits);
    }
  }
  return out;
}

describe('tests call endpoint declarations, not literal paths', () => {
  it('finds literal paths in strings and templates, not in comments or declarations', () => {
    expect(literalPaths("post('maker', '/api/track/shipment/save', {})")).toHaveLength(1);
    expect(literalPaths("get('dev', '/dolphin/api/project/2147483647')")).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(literalPaths('server.call("GET", `/open/trace/${code}/epcis`)')).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(literalPaths('fetch(`${base}/api/auth/login`)')).toHaveLength(1);
    expect(literalPaths(' * calls `/api/track/lot/{id}` as the web does')).toEqual([]);
    expect(literalPaths("call('maker', traceEndpoints.shipmentSave, body)")).toEqual([]);
    expect(literalPaths("const doc = '/openapi.json'; const api = 'api/x';")).toEqual([]);
  });

  it('has none in a file that is not on the allow-list, and no more than allowed in one that is', () => {
    const over = [...found()]
      .filter(([file, hits]) => hits.length > (ALLOWED[file] ?? 0))
      .flatMap(([file, hits]) => hits.map((h) => `${file}:${h}`));
    expect(over, 'call the endpoint declaration instead (test/calls.ts; the web fake server)').toEqual([]);
  });

  it('has an allow-list that only shrinks: every entry is exactly what its file still has', () => {
    const now = found();
    const stale = Object.entries(ALLOWED)
      .filter(([file, n]) => (now.get(file)?.length ?? 0) < n)
      .map(([file, n]) => `${file}: ${now.get(file)?.length ?? 0} (allowed ${n}): lower or remove its entry`);
    expect(stale).toEqual([]);
  });
});
