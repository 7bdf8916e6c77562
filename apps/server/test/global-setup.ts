import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  type SeededDatabase,
  testConfig,
  uniqueDatabaseName,
} from './seeded-database.ts';

/**
 * Once per test run of the server project: start the app once on an empty database, so that it migrates and seeds
 * the reference and demo data, and keep the result for every test file to copy (seeded-database.ts). Seeding takes
 * seconds; loading a copy a fraction of one.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-seeded-'));
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  const ledgerSigningKey = randomBytes(32).toString('hex');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const templateDatabase = adminUrl ? uniqueDatabaseName('jcbb_tpl_') : null;
  const cleanUp = async () => {
    if (adminUrl && templateDatabase) await dropDatabase(adminUrl, templateDatabase);
    await rm(root, { recursive: true, force: true });
  };
  try {
    if (adminUrl && templateDatabase) await createDatabase(adminUrl, templateDatabase);
    const url = adminUrl && templateDatabase ? databaseUrl(adminUrl, templateDatabase) : null;
    // No Redis here: seeding never touches the shared store.
    const config = testConfig({ dataDir, databaseUrl: url, ledgerSigningKey, redisUrl: '' });
    const database = await openDatabase({ databaseUrl: url, dataDir, memory: url === null });
    const built = await buildApp(config, { logger: false, database });
    let dumpFile: string | null = null;
    if (database.dumpDataDir) {
      dumpFile = path.join(root, 'pgdata.tar');
      await writeFile(dumpFile, new Uint8Array(await (await database.dumpDataDir()).arrayBuffer()));
    }
    // Closes the pool too: PostgreSQL copies a template only while nobody is connected to it.
    await built.close();
    const seeded: SeededDatabase = { dataDir, dumpFile, templateDatabase, ledgerSigningKey };
    project.provide('seededDatabase', seeded);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
}
