/**
 * A ready-made empty embedded database for a first start (docs/performance.md, "Cold start"; docs/decisions.md,
 * "A template for the first start"). On an empty DATA_DIR, PGlite's initdb took most of a fresh start (6–7 s of
 * 12 on this machine). `npm run build -w apps/server` writes, beside the bundle, the data folder of a cluster that
 * already ran initdb, the migrations and the reference data (apps/server/build.mjs runs
 * src/pgdata-template-build.ts, and keeps the result between builds while PGlite, the migrations and the reference
 * data's sources stay the same); a first start copies that folder, then opens it as it would reopen any database.
 * The server started from its TypeScript sources finds none and runs initdb as before.
 *
 * The folder holds no secret and nothing of the operator's: the schema, the migrations' journal and the reference
 * data (regions, categories, codes), the same on every machine. The server still migrates and checks the reference
 * data at every start, so a template older than the code costs a little time, never correctness.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Where the built server looks for the template: beside the bundle (import.meta.dirname is dist/ there). */
export const PGDATA_TEMPLATE_DIR = path.join(import.meta.dirname, 'pgdata-template');

/**
 * Before PGlite opens `pgdata`: when it holds no database yet and there is a template, copy the template there.
 * Answers whether it did. A copy interrupted half-way leaves no PG_VERSION (copied last), so the next start copies
 * again over it.
 */
export function copyPgdataTemplate(pgdata: string, template = PGDATA_TEMPLATE_DIR): boolean {
  const version = path.join(template, 'PG_VERSION');
  if (existsSync(path.join(pgdata, 'PG_VERSION')) || !existsSync(version)) return false;
  copyTree(template, pgdata, (source) => source !== version);
  copyFileSync(version, path.join(pgdata, 'PG_VERSION'));
  return true;
}

/**
 * Files and folders, one by one and synchronously: about 1 340 entries in 0.15 s here, where `fs.cp` took 0.6 s
 * (`fs.promises.cp`) and `cpSync` 0.27 s. Nothing else runs during start-up, so blocking costs nothing.
 */
function copyTree(from: string, to: string, include: (source: string) => boolean): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (!include(source)) continue;
    if (entry.isDirectory()) copyTree(source, path.join(to, entry.name), include);
    else copyFileSync(source, path.join(to, entry.name));
  }
}
