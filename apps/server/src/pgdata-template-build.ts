/**
 * `node apps/server/dist/pgdata-template-build.js <dataDir>`: write the first-start template of the embedded
 * database (db/pgdata-template.ts) as `<dataDir>/pgdata`: a new cluster, migrated and given the reference data,
 * closed cleanly. Run by apps/server/build.mjs after bundling, not by hand.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed/reference.ts';

export async function writePgdataTemplate(dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = process.argv[2];
  if (!dataDir) {
    process.stderr.write('usage: pgdata-template-build.js <dataDir>\n');
    process.exit(2);
  }
  await writePgdataTemplate(path.resolve(dataDir));
}
