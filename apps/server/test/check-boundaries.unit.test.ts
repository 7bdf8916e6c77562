import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The boundary checker that `npm run lint` chains after Biome (scripts/check-boundaries.mjs), run on tiny trees.
const script = path.resolve(import.meta.dirname, '../../../scripts/check-boundaries.mjs');
const roots: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function run(root: string) {
  const r = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout };
}

const m = 'apps/server/src/modules';
const clean = {
  [`${m}/a/index.ts`]: "export { a } from './a.service.ts';\n",
  [`${m}/a/a.service.ts`]: "import { b } from '../b/index.ts';\nexport const a = () => b();\n",
  [`${m}/a/a.test.ts`]: "import { fixture } from '../b/test-support.ts';\nimport { a } from './a.service.ts';\n",
  [`${m}/b/index.ts`]: "export { b } from './b.service.ts';\n",
  [`${m}/b/b.service.ts`]: '// imports nothing\nexport const b = () => 1;\n',
  [`${m}/b/test-support.ts`]: 'export const fixture = 1;\n',
  'apps/server/src/lib/errors.ts': 'export const e = 1;\n',
  'apps/web/src/features/x/index.ts': "export { xRoutes } from './routes.tsx';\n",
  'apps/web/src/features/x/routes.tsx': "import { Y } from '../y/public.ts';\nexport const xRoutes = [Y];\n",
  'apps/web/src/features/y/public.ts': "export { Y } from './components/Y.tsx';\n",
  'apps/web/src/features/y/components/Y.tsx': 'export const Y = 1;\n',
  'apps/web/src/app/route-table.tsx': "import { xRoutes } from '../features/x/index.ts';\n",
  'apps/web/src/lib/i18n.ts': "import yZh from '../features/y/locales/zh-CN.ts';\n",
  'apps/web/src/features/y/locales/zh-CN.ts': 'export default {};\n',
};

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-boundaries', () => {
  it('passes a clean tree (entry points, own files, test-support, locale data)', () => {
    const r = run(tree(clean));
    expect(r.out).toContain('no deep imports');
    expect(r.code).toBe(0);
  });

  it('refuses a deep import into another module, with file and line', () => {
    const r = run(
      tree({ ...clean, 'apps/server/src/app.ts': "// the app\nimport { b } from './modules/b/b.service.ts';\n" }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain("apps/server/src/app.ts:2  deep import './modules/b/b.service.ts' into module b");
  });

  it("refuses a feature reaching into another feature's components (public.ts is the way)", () => {
    const r = run(
      tree({ ...clean, 'apps/web/src/features/x/routes.tsx': "import { Y } from '../y/components/Y.tsx';\n" }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('apps/web/src/features/x/routes.tsx:1  deep import');
  });

  it('refuses shared code importing a module or feature, even through its index', () => {
    const r = run(
      tree({
        ...clean,
        'apps/server/src/lib/errors.ts': "import { b } from '../modules/b/index.ts';\n",
        'apps/web/src/components/Z.tsx': "import { xRoutes } from '../features/x/index.ts';\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('apps/server/src/lib/errors.ts:1  lib/ imports');
    expect(r.out).toContain('apps/web/src/components/Z.tsx:1  components/ imports');
  });

  it('refuses a web feature importing the app shell (app/, layout/) that composes it, tests included', () => {
    const r = run(
      tree({
        ...clean,
        'apps/web/src/features/y/components/Y.tsx': "import type { RouteItem } from '../../../app/route-types.ts';\n",
        'apps/web/src/features/y/components/Y.test.tsx':
          "// the frame\nimport { F } from '../../../layout/Frame.tsx';\n",
        'apps/web/src/layout/Frame.tsx': 'export const F = 1;\n',
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "apps/web/src/features/y/components/Y.tsx:1  a feature imports '../../../app/route-types.ts' (apps/web/src/app)",
    );
    expect(r.out).toContain('apps/web/src/features/y/components/Y.test.tsx:2  a feature imports');
    // The app imports the features, and lib/ is below both.
    const downward = {
      ...clean,
      'apps/web/src/features/y/components/Y.tsx': "import { t } from '../../../lib/i18n.ts';\n",
    };
    expect(run(tree(downward)).code).toBe(0);
  });

  it("keeps a web feature's index.ts light: routes.tsx and lazy pages only", () => {
    const lazyPage = "import { lazy } from 'react';\nexport const P = lazy(() => import('./P.tsx'));\n";
    expect(run(tree({ ...clean, 'apps/web/src/features/y/index.ts': lazyPage })).code).toBe(0);
    const heavy = "export { xRoutes } from './routes.tsx';\nexport { xApi } from './api.ts';\n";
    const r = run(tree({ ...clean, 'apps/web/src/features/x/index.ts': heavy, 'apps/web/src/features/x/api.ts': '' }));
    expect(r.code).toBe(1);
    expect(r.out).toContain('apps/web/src/features/x/index.ts:2  index.ts of a feature loads with the shell');
  });

  it('reports a cycle between modules with each edge, but not one made by test files', () => {
    const cyclic = { ...clean, [`${m}/b/b.service.ts`]: "import { a } from '../a/index.ts';\nexport const b = a;\n" };
    const r = run(tree(cyclic));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/import cycle: module a → module b \([^)]*a\.service\.ts:1\); module b → module a/);
    const testOnly = { ...clean, [`${m}/b/b.test.ts`]: "import { a } from '../a/index.ts';\n" };
    expect(run(tree(testOnly)).code).toBe(0);
  });
});
