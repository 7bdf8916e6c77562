import path from 'node:path';

/**
 * Chunk tiers for the console's build (docs/decisions.md, "Chunk tiers and route preloading"). Left to itself,
 * Rolldown cut the console into ~300 files, one per set of lazy pages sharing a module: the console shell after
 * sign-in fetched ~80 scripts, the product list ~50 more, most of them antd components and icons of 1 KB. Over
 * HTTP/1.1 (six connections per host) each file costs a round trip, so on a slow network the page waited on queues
 * of tiny requests. The tiers:
 *
 * - `boot`: what the entry (main.tsx) and the sign-in page import statically: React, the router, TanStack Query,
 *   i18n, the route table, the sign-in form and its icons. The sign-in page is this file and the entry;
 * - `shell`: what the console frame and its home page import statically (layout, antd's providers, the antd
 *   components and icons they use, the home page): one file after signing in;
 * - `antd`: the rest of antd and its rc-components (tables, forms, pickers…), shared by the other pages;
 * - `icons`: the other icons, one file;
 * - `schemas`: zod and the contract's shared schema code (each module's schemas and endpoints stay with its pages);
 * - `echarts`: ECharts and zrender, loaded only by the two dashboards.
 *
 * Everything else (each feature's pages and the code they share) is left to Rolldown's own splitting.
 *
 * What a root "imports" is followed through our sources; where they import named members of a package's index (antd,
 * @ant-design/icons), only the modules of those members are followed, not the whole index: `import { Button } from
 * 'antd'` must not put every antd component in the console shell. Groups do not pull in their modules' other
 * dependencies (`includeDependenciesRecursively: false`) for the same reason.
 */

const src = path.resolve(import.meta.dirname, 'src');

/** The entry and the page a signed-out visitor sees first. */
const BOOT_ROOTS = [path.join(src, 'main.tsx'), path.join(src, 'features/auth/pages/LoginPage.tsx')];
/** The light public entry (public.html): the scan and certificate pages a QR code opens. */
const LIGHT_ROOTS = [path.join(src, 'light/main.tsx'), path.join(src, 'light/prefetch.ts')];
/** Shared by the light entry and many console pages, too small for a file of its own: with React in `base`. */
const SHARED_SMALL =
  /[\\/]node_modules[\\/]@noble[\\/]hashes[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/](signing|time)\.ts$/;
/** The light entry's first script and what it imports: in its own small entry file, with nothing else. */
const PREFETCH = /[\\/]src[\\/]light[\\/]prefetch(-sign)?\.ts$/;
/** Shared with the console's ledger pages: the proof code and its Ed25519, a chunk of its own. */
const PROOF = /[\\/]node_modules[\\/]@noble[\\/]curves[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]ledger-proof\.ts$/;
/** The console frame and the first page after signing in. */
const SHELL_ROOTS = [path.join(src, 'layout/ConsoleLayout.tsx')];
const HOME_ROOTS = [path.join(src, 'features/home/HomePage.tsx')];
/** antd's providers (theme, locale, App) and the public pages' frame: every page with antd has them. */
const ANTD_CORE_ROOTS = [path.join(src, 'app/AntdFrame.tsx'), path.join(src, 'components/PublicFrame.tsx')];

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

const ANTD_INDEX = /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/;
const ICONS_INDEX = /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/;
const CONTRACT_INDEX = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;
const isOurs = (id: string) => id.startsWith(src) || /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id);

/** The members a module imports by name from `pkg`: `import { A, B as C } from 'pkg'` → A, B. */
function namedImports(code: string, pkg: string): string[] {
  const names: string[] = [];
  const re = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg.replace('/', '\\/')}["']`, 'g');
  for (let m = re.exec(code); m; m = re.exec(code)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^type\s+/, '');
      if (name) names.push(name);
    }
  }
  return names;
}

/** antd's index: `export { default as Button } from './button'` → Button → …/antd/es/button/index.js. */
function antdMembers(indexId: string, graph: ModuleGraph): Map<string, string> {
  const members = new Map<string, string>();
  const code = graph.getModuleInfo(indexId)?.code ?? '';
  const re = /export\s*\{\s*default\s+as\s+(\w+)\s*\}\s*from\s*["']\.\/([\w-]+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    members.set(m[1] as string, path.join(path.dirname(indexId), m[2] as string, 'index.js'));
  }
  return members;
}

/**
 * Every module the roots need statically: our modules through their imports; for a package, the modules its
 * members need (all of a package's own imports are followed, but antd's and the icons' indexes only for the members
 * named in our imports).
 */
function staticClosure(roots: string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  let antd: Map<string, string> | null = null;
  const add = (id: string | undefined) => {
    if (id && !seen.has(id)) queue.push(id);
  };
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id) || CONTRACT_INDEX.test(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    for (const dep of info.importedIds) {
      if (ANTD_INDEX.test(dep) && isOurs(id)) {
        antd ??= antdMembers(dep, graph);
        for (const name of namedImports(info.code ?? '', 'antd')) add(antd.get(name));
      } else if (ICONS_INDEX.test(dep) && isOurs(id)) {
        const icons = path.join(path.dirname(dep), 'icons');
        for (const name of namedImports(info.code ?? '', '@ant-design/icons')) add(path.join(icons, `${name}.js`));
      } else {
        add(dep);
      }
    }
  }
  return seen;
}

/** One closure per chunking pass (the name functions are called once per module, all in one pass). */
function closureOf(roots: string[]) {
  let cached: { graph: ModuleGraph; ids: Set<string> } | null = null;
  return (id: string, graph: ModuleGraph): boolean => {
    if (cached?.graph !== graph) cached = { graph, ids: staticClosure(roots, graph) };
    return cached.ids.has(id);
  };
}

const inBoot = closureOf(BOOT_ROOTS);
const inLight = closureOf(LIGHT_ROOTS);
const inShell = closureOf(SHELL_ROOTS);
const inHome = closureOf(HOME_ROOTS);
const inAntdCore = closureOf(ANTD_CORE_ROOTS);

const ICONS = /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;
const ANTD = /[\\/]node_modules[\\/](antd|@ant-design[\\/](?!icons)[^\\/]+|@rc-component[\\/][^\\/]+|rc-[^\\/]+)[\\/]/;
/** zod and the contract's shared schema code: the sign-in page's first call needs them (with its own endpoints). */
const ZOD =
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/](zod|params|envelope|endpoint|validators|units|codes|time|auth)\.ts$/;
const ECHARTS = /[\\/]node_modules[\\/](echarts|zrender)[\\/]/;

type GroupName = string | ((id: string, ctx: ModuleGraph) => string | null);
interface Group {
  name: GroupName;
  test?: RegExp;
  priority: number;
}

/**
 * The console's tiers never take a module of the light public entry: a page opened from a QR code must not fetch the
 * sign-in page's or the console frame's chunk for the React or hashing code it shares with them (docs/decisions.md,
 * "The public pages' light entry"). What both entries need statically goes into `base` (React, the request signing);
 * what the light entry shares with console pages only (the contract's time or proof code) is left to Rolldown, which
 * makes a shared chunk of it.
 */
function notLight(group: Group): Group {
  const { name, test } = group;
  return {
    priority: group.priority,
    name: (id: string, ctx: ModuleGraph) => {
      if (inLight(id, ctx)) return null;
      if (test && !test.test(id)) return null;
      return typeof name === 'string' ? name : name(id, ctx);
    },
  };
}

/** `build.rolldownOptions.output.codeSplitting` (Rolldown ≥ 1.0's name for what was `advancedChunks`). */
export const codeSplitting = {
  includeDependenciesRecursively: false,
  groups: [
    // The light entry: what it shares with the sign-in page (`base`: React, the request signing), and everything of
    // its own in one file (`light`) — few files, since each is a round trip on a phone network. The proof code stays
    // apart, shared with the console's ledger pages; the first script (prefetch.ts) is an entry of its own.
    {
      name: (id: string, ctx: ModuleGraph) =>
        inLight(id, ctx) && (inBoot(id, ctx) || SHARED_SMALL.test(id)) ? 'base' : null,
      priority: 120,
    },
    {
      name: (id: string, ctx: ModuleGraph) =>
        inLight(id, ctx) && !PROOF.test(id) && !LIGHT_ROOTS.includes(id) && !PREFETCH.test(id) ? 'light' : null,
      priority: 110,
    },
    ...(
      [
        { name: (id: string, ctx: ModuleGraph) => (inBoot(id, ctx) ? 'boot' : null), priority: 100 },
        { name: 'zod', test: ZOD, priority: 98 },
        {
          // With the packages the console frame uses (its antd components and icons), so a public page that shows one
          // of them (a Button, a Tag) does not fetch the console's code for it.
          name: (id: string, ctx: ModuleGraph) =>
            inAntdCore(id, ctx) ||
            ((inShell(id, ctx) || inHome(id, ctx)) && id.includes(`${path.sep}node_modules${path.sep}`))
              ? 'antd-core'
              : null,
          priority: 95,
        },
        { name: (id: string, ctx: ModuleGraph) => (inShell(id, ctx) ? 'shell' : null), priority: 90 },
        { name: 'echarts', test: ECHARTS, priority: 80 },
        { name: 'antd', test: ANTD, priority: 70 },
        { name: 'icons', test: ICONS, priority: 60 },
      ] as Group[]
    ).map(notLight),
  ],
};
