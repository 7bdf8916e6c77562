import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md stays true: the server's module graph names every module that exists and none that does not,
 * and each name the "Public functions per server module" list gives a module is exported by that module's index.ts.
 * A renamed or removed export fails here until the document follows.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const modulesDir = path.join(root, 'apps/server/src/modules');
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** The names an index.ts exports: declarations and export lists (re-exports included), `as` taken as the name. */
function exportsOf(module: string): Set<string> {
  const text = readFileSync(path.join(modulesDir, module, 'index.ts'), 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(
    /export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+(\w+)/g,
  ))
    names.add(m[1] as string);
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (m[1] as string).split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/** The section's bullets: `- \`module\` — text…` with its continuation lines. */
function publicFunctionBullets(): Map<string, string> {
  const start = doc.indexOf('Public functions per server module');
  expect(start, 'the section "Public functions per server module"').toBeGreaterThan(0);
  // The list ends at the first paragraph that is not a bullet.
  const section = doc.slice(start).split(/\n\n(?!- )/)[0] as string;
  const bullets = new Map<string, string>();
  for (const bullet of section.split(/\n- /).slice(1)) {
    const m = /^`([a-z-]+)` —([\s\S]*)$/.exec(bullet);
    if (m) bullets.set(m[1] as string, m[2] as string);
  }
  return bullets;
}

describe('docs/architecture.md', () => {
  it('draws the module graph of the modules that exist', () => {
    const start = doc.indexOf("The server's module graph today");
    expect(start).toBeGreaterThan(0);
    const paragraph = doc.slice(start, doc.indexOf('\n\n', start));
    const named = new Set([...paragraph.matchAll(/`([a-z-]+)`/g)].map((m) => m[1] as string));
    expect([...named].filter((n) => modules.includes(n)).sort()).toEqual(modules);
  });

  it('names, for each module, only what its index.ts exports', () => {
    const bullets = publicFunctionBullets();
    expect([...bullets.keys()].sort()).toEqual(modules);
    const missing: string[] = [];
    for (const [module, text] of bullets) {
      const exported = exportsOf(module);
      for (const m of text.matchAll(/`([^`]+)`/g)) {
        const name = (m[1] as string).replace(/\(.*$/, '').trim();
        // Identifiers only: paths, code and placeholders such as register<M>Routes are prose.
        if (!/^[A-Za-z_$][\w$]*$/.test(name)) continue;
        if (!exported.has(name)) missing.push(`${module}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
