import type { ReadDocument, ReadField, ReadFieldKeyValue, ReadPage } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';
import { evidenceReadings } from '../../db/schema/index.ts';
import { numberOf } from './reading.runner.ts';

/** A field as a reader would give it, on page 0 unless said. */
export const readField = (key: ReadFieldKeyValue, value: string, page = 0): ReadField => ({
  key,
  value,
  text: value,
  confidence: 0.93,
  page,
  box: [0.12, 0.2, 0.6, 0.23],
});

/** The upload's content hash. */
export async function shaOfUpload(server: TestServer, uploadId: number): Promise<string> {
  const rows = (await server.database.db.execute(
    sql`select sha256 from uploads where id = ${uploadId}`,
  )) as unknown as { rows: { sha256: string }[] };
  const sha = rows.rows[0]?.sha256;
  if (!sha) throw new Error(`no upload ${uploadId}`);
  return sha;
}

/**
 * A finished reading of a file, as the runner saves one, for tests of what is shown and checked (the engine's own
 * tests read real files). Replaces any reading of the same bytes.
 */
export async function saveReadingOf(
  server: TestServer,
  sha256: string,
  document: ReadDocument,
  options: { previews?: string[]; pages?: ReadPage[] } = {},
): Promise<number> {
  const db = server.database.db;
  await db.execute(sql`delete from ${evidenceReadings} where sha256 = ${sha256}`);
  const pages = options.pages ?? [{ width: 595, height: 842, source: 'text', lines: [] }];
  const [row] = await db
    .insert(evidenceReadings)
    .values({
      sha256,
      state: 'done',
      engine: 'test',
      kind: document.kind,
      pages,
      document,
      previews: options.previews ?? [],
      numberRead: numberOf(document),
      pagesDone: pages.length,
      pagesTotal: pages.length,
      finishedAt: new Date(),
    })
    .returning({ id: evidenceReadings.id });
  return (row as { id: number }).id;
}
