#!/usr/bin/env node
// The module-boundary check that `npm run lint` runs after Biome (docs/architecture.md, "Module boundaries").
// No dependencies: it reads every .ts/.tsx/.mts/.mjs file under the server and web source trees, finds the relative
// import specifiers with a regular expression, resolves them, and refuses
//   (a) a deep import: a file outside server module `modules/<m>/` (or web feature `features/<f>/`) importing a file
//       of that folder other than its `index.ts` (web features may also expose `public.ts`). Test files and
//       test-support files may import another module's test-support file directly;
//   (b) shared code importing a domain: server `src/lib/`, web `src/lib/` and web `src/components/` never import a
//       module or feature (nor, on the web, `app/` or `layout/`);
//   (c) cycles between modules/features: the module-level graph of non-test imports must be acyclic;
//   (d) a web feature's index.ts stays light (the route table loads it with the shell): statically it imports only
//       its own routes.tsx; pages may sit behind a lazy import(). Components, hooks and calls go in public.ts;
//   (e) a web feature never imports the app that composes it (`src/app/`, and `src/layout/`, the console frame that
//       imports the app): the graph runs app → features → lib. What features need of the app (route types, the
//       current route and console, the public frame) lives in `src/lib/` and `src/components/`. Tests included.
// Each violation is printed as `file:line  message`; the exit code is 1 when there is any.
//
// Usage: node scripts/check-boundaries.mjs [repository root]   (default: the current directory)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');

/** The trees read (their files are the importers checked). */
const TREES = ['apps/server/src', 'apps/server/test', 'apps/server/bench', 'apps/web/src', 'apps/web/e2e'];
const SERVER_SRC = 'apps/server/src';
const WEB_SRC = 'apps/web/src';
const UNIT_ROOTS = [
  { base: `${SERVER_SRC}/modules`, kind: 'module', entries: ['index.ts'] },
  { base: `${WEB_SRC}/features`, kind: 'feature', entries: ['index.ts', 'public.ts'] },
];
/** Folders that must not import a module/feature (or, on the web, the app shell). */
const SHARED = [
  { base: `${SERVER_SRC}/lib`, forbidden: [`${SERVER_SRC}/modules`] },
  { base: `${WEB_SRC}/lib`, forbidden: [`${WEB_SRC}/features`, `${WEB_SRC}/app`, `${WEB_SRC}/layout`] },
  { base: `${WEB_SRC}/components`, forbidden: [`${WEB_SRC}/features`, `${WEB_SRC}/app`, `${WEB_SRC}/layout`] },
];
/** The web's app shell, which composes the features: a feature importing it would make a circle through it. */
const WEB_FEATURES = `${WEB_SRC}/features`;
const WEB_APP = [`${WEB_SRC}/app`, `${WEB_SRC}/layout`];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'migrations']);

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Relative specifiers of `import … from`, `export … from`, `import '…'` and `import('…')`, with their line. */
export function importsOf(text) {
  // Comments may quote an import; blank them (keeping line breaks, so line numbers stay right).
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, ' '));
  const found = [];
  const re =
    /\bfrom\s*['"](\.{1,2}\/[^'"]*)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)|\bimport\s+['"](\.{1,2}\/[^'"]*)['"]/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const line = code.slice(0, m.index).split('\n').length;
    found.push({ spec: m[1] ?? m[2] ?? m[3], line, dynamic: m[2] !== undefined });
  }
  return found;
}

function resolve(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  // `./x.js` written for a `.ts` file (NodeNext style).
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

/** The module/feature a repository-relative path belongs to: { key, kind, inner } or null. */
function unitOf(relPath) {
  for (const u of UNIT_ROOTS) {
    if (relPath.startsWith(`${u.base}/`)) {
      const rest = relPath.slice(u.base.length + 1);
      const slash = rest.indexOf('/');
      if (slash < 0) return null; // a file directly in modules/ or features/ belongs to no unit
      return {
        key: `${u.kind} ${rest.slice(0, slash)}`,
        kind: u.kind,
        inner: rest.slice(slash + 1),
        entries: u.entries,
      };
    }
  }
  return null;
}

const isTest = (relPath) => /\.test\.(ts|tsx|mts)$/.test(relPath) || relPath.startsWith('apps/server/test/');
const isTestSupport = (relPath) =>
  /(^|\/)([\w.-]+\.)?test-support\.(ts|tsx)$/.test(relPath) ||
  /\/features\/[^/]+\/(testing\.tsx|test-[\w-]+\.ts)$/.test(relPath) ||
  // A part's own test helpers inside the feature (components/spot-check/spot-check-testing.tsx).
  /\/features\/[^/]+\/.+-testing\.tsx$/.test(relPath);
/** A web feature's locale files are data (strings, no imports): the shell's locale registry (lib/i18n.ts) loads them. */
const isLocale = (relPath) => /^apps\/web\/src\/features\/[^/]+\/locales\/[\w-]+\.ts$/.test(relPath);
const under = (relPath, base) => relPath === base || relPath.startsWith(`${base}/`);

export function check(repoRoot = root) {
  const files = TREES.flatMap((t) => walk(path.join(repoRoot, t), []));
  const violations = [];
  /** module-level graph: from → to → first import seen (file:line) */
  const graph = new Map();
  const r = (p) => path.relative(repoRoot, p).split(path.sep).join('/');
  for (const file of files) {
    const from = r(file);
    const fromUnit = unitOf(from);
    const text = readFileSync(file, 'utf8');
    for (const { spec, line, dynamic } of importsOf(text)) {
      const to = r(resolve(file, spec));
      const where = `${from}:${line}`;
      // (d) a web feature's index.ts loads with the shell (the route table): statically, only its routes.tsx
      const lightIndex = from.match(/^apps\/web\/src\/features\/([^/]+)\/index\.ts$/);
      if (lightIndex && !dynamic && to !== `${WEB_SRC}/features/${lightIndex[1]}/routes.tsx`) {
        violations.push(
          `${where}  index.ts of a feature loads with the shell: it re-exports routes.tsx only (or a page via lazy import()); put '${spec}' in public.ts`,
        );
      }
      // (b) shared code importing a domain
      for (const s of SHARED) {
        if (!under(from, s.base)) continue;
        const bad = !isLocale(to) && s.forbidden.find((f) => under(to, f));
        if (bad)
          violations.push(
            `${where}  ${s.base.split('/').pop()}/ imports '${spec}' (${bad}): shared code never imports a module/feature`,
          );
      }
      // (e) a feature importing the app shell that composes it
      const shell = under(from, WEB_FEATURES) && WEB_APP.find((a) => under(to, a));
      if (shell) {
        violations.push(
          `${where}  a feature imports '${spec}' (${shell}): features never import the app that composes them; move what they need to src/lib/ or src/components/`,
        );
      }
      const toUnit = unitOf(to);
      if (!toUnit || (fromUnit && fromUnit.key === toUnit.key)) continue;
      // (a) deep import into another unit
      const viaEntry = toUnit.entries.includes(toUnit.inner) || isLocale(to);
      const testSupportOk = (isTest(from) || isTestSupport(from)) && isTestSupport(to);
      if (!viaEntry && !testSupportOk) {
        violations.push(
          `${where}  deep import '${spec}' into ${toUnit.key}: import its ${toUnit.entries.join(' or ')} instead`,
        );
      }
      // (c) the module-level graph, from production code only
      if (fromUnit && !isTest(from) && !isTestSupport(from) && !isTestSupport(to)) {
        if (!graph.has(fromUnit.key)) graph.set(fromUnit.key, new Map());
        const edges = graph.get(fromUnit.key);
        if (!edges.has(toUnit.key)) edges.set(toUnit.key, where);
      }
    }
  }
  for (const cycle of findCycles(graph)) {
    const steps = cycle.map(
      (k, i) => `${k} → ${cycle[(i + 1) % cycle.length]} (${graph.get(k).get(cycle[(i + 1) % cycle.length])})`,
    );
    const first = graph.get(cycle[0]).get(cycle[1 % cycle.length]);
    violations.push(`${first}  import cycle: ${steps.join('; ')}`);
  }
  return violations;
}

/** One cycle per strongly connected component of more than one unit (Tarjan), as the list of its units in order. */
function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]);
  const strong = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) components.push(comp);
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) strong(v);
  // Within each component, walk from its first unit along edges inside it back to that unit (a shortest cycle by BFS).
  return components.map((comp) => {
    const inComp = new Set(comp);
    const start = [...comp].sort()[0];
    const prev = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const v = queue.shift();
      for (const w of graph.get(v)?.keys() ?? []) {
        if (!inComp.has(w)) continue;
        if (w === start) {
          const path = [];
          for (let x = v; x !== null; x = prev.get(x)) path.unshift(x);
          return path;
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    return comp;
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const violations = check(root);
  for (const v of violations) console.log(v);
  if (violations.length > 0) {
    console.log(
      `\ncheck-boundaries: ${violations.length} violation(s) (rules: docs/architecture.md, "Module boundaries")`,
    );
    process.exit(1);
  }
  console.log(
    'check-boundaries: no deep imports, shared code imports no domain, no feature imports the app, no module cycles',
  );
}
