import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evidenceReadingEndpoints as api, ProductDocumentKind } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../../test/endpoint-call.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { productDocuments } from '../../db/schema/index.ts';
import { readingSources } from '../../jobs/reading-sources.ts';
import { createFileService } from '../file/index.ts';
import { uploadFile } from '../organization/test-support.ts';
import { parseDocument } from './reading.parse.ts';
import { createReadingRunner } from './reading.runner.ts';
import { workerEngine } from './reading.worker.ts';

/**
 * The reader in the background, on a real database with the real engine: a laboratory's report is queued because it
 * is a product's evidence, read in the worker process, and shown with its fields and checks; a damaged file is
 * refused with its reason; a reading whose process died is taken again; a stopping process puts its file back.
 */

const CORPUS = path.join(import.meta.dirname, '../../../test/fixtures/evidence-corpus');
const corpus = (doc: string, input: string) => readFileSync(path.join(CORPUS, doc, input));

let server: TestServer;
let maker: string;
let productId = 0;
let productUserId = 0;

function newRunner() {
  return createReadingRunner({
    db: server.database.db,
    files: createFileService({ db: server.database.db, config: server.config }),
    engine: workerEngine(),
    parse: parseDocument,
    log: server.app.log,
    idleMs: 50,
    sources: readingSources,
  });
}

/** Upload a file as the maker and attach it to its product as a test report. */
async function attachReport(name: string, bytes: Buffer): Promise<number> {
  const up = await uploadFile(server, maker, name, bytes, 'application/pdf');
  expect(up.status, up.raw.slice(0, 200)).toBe(200);
  const uploadId = up.body.data.id as number;
  await server.database.db.insert(productDocuments).values({
    productId,
    kind: ProductDocumentKind.TEST_REPORT,
    uploadId,
    name,
    createdBy: productUserId,
  });
  return uploadId;
}

const stateOf = async (uploadId: number) => {
  const rows = (await server.database.db.execute(sql`
    select r.state, r.refusal, r.attempts from evidence_readings r join uploads u on u.sha256 = r.sha256
    where u.id = ${uploadId}`)) as unknown as { rows: { state: string; refusal: string | null; attempts: number }[] };
  return rows.rows[0] ?? null;
};

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.login('13800000001');
  const rows = (await server.database.db.execute(sql`
    select p.id, p.created_by from products p join users u on u.id = p.created_by
    where u.mobile = '13800000001' and p.name = '岩棉保温板'`)) as unknown as {
    rows: { id: number; created_by: number }[];
  };
  productId = rows.rows[0]?.id ?? 0;
  productUserId = rows.rows[0]?.created_by ?? 0;
  expect(productId).toBeGreaterThan(0);
});

afterAll(async () => {
  await server?.stop();
});

describe('the reader in the background', () => {
  it('queues a product’s report, reads it off the request path, and shows its fields and checks', async () => {
    const uploadId = await attachReport('岩棉板检验报告.pdf', corpus('report-b-rockwool', 'text.pdf'));
    const before = await callEndpoint(server, api.reading, { subject: 'product', id: productId, uploadId }, maker);
    expect(before.body.data.state).toBe('queued');
    const runner = newRunner();
    try {
      await runner.drain();
    } finally {
      await runner.stop();
    }
    expect(await stateOf(uploadId)).toMatchObject({ state: 'done', refusal: null, attempts: 1 });
    const res = await callEndpoint(server, api.reading, { subject: 'product', id: productId, uploadId }, maker);
    const view = res.body.data;
    expect(view).toMatchObject({ state: 'done', kind: 'test_report', pagesDone: 2, pagesTotal: 2 });
    expect(view.pages.map((p: { source: string }) => p.source)).toEqual(['text', 'text']);
    const value = (key: string) => view.fields.find((f: { key: string }) => f.key === key)?.value;
    expect(value('reportNo')).toBe('ZJZJ(2026)WT-00587');
    expect(value('issueDate')).toBe('2026-03-05');
    expect(value('standard')).toBe('GB/T 25975-2018');
    // The report names another client than the uploading maker: the check says so, with the field to highlight.
    const party = view.findings.find((f: { code: string }) => f.code === 'ER-03');
    expect(party).toMatchObject({ outcome: 'fail', found: expect.stringContaining('杭州恒筑节能建材有限公司') });
    expect(view.items.length).toBeGreaterThan(3);
    // Each page has a preview to draw the boxes over.
    const page = await callEndpoint(server, api.page, { subject: 'product', id: productId, uploadId, page: 1 }, maker);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a damaged file with its reason, and takes again a reading whose process died', async () => {
    const damaged = await attachReport('损坏的报告.pdf', Buffer.from('%PDF-1.7\n% not really a PDF\n'));
    const report = await attachReport('砂浆合格证.pdf', corpus('conformity-mortar', 'text.pdf'));
    const runner = newRunner();
    try {
      await runner.drain();
      expect(await stateOf(damaged)).toMatchObject({ state: 'refused', refusal: 'corrupt' });
      const view = await callEndpoint(
        server,
        api.reading,
        { subject: 'product', id: productId, uploadId: damaged },
        maker,
      );
      expect(view.body.data).toMatchObject({ state: 'refused', refusalText: expect.stringContaining('损坏') });
      // A process died while reading (its lease ran out): the next claim reads the file again.
      await server.database.db.execute(sql`
        update evidence_readings set state = 'reading', lease_until = now() - interval '1 second', document = null
        where sha256 = (select sha256 from uploads where id = ${report})`);
      await runner.drain();
      expect(await stateOf(report)).toMatchObject({ state: 'done', attempts: 2 });
      // Three claims and it is given up: failed, said to the reader.
      await server.database.db.execute(sql`
        update evidence_readings set state = 'reading', lease_until = now() - interval '1 second', attempts = 3
        where sha256 = (select sha256 from uploads where id = ${report})`);
      await runner.drain();
      expect(await stateOf(report)).toMatchObject({ state: 'failed', refusal: 'failed' });
    } finally {
      await runner.stop();
    }
  });

  it('puts the file it is reading back in the queue when its process stops', async () => {
    const uploadId = await attachReport('扫描报告.pdf', corpus('report-c-paint', 'scan-300.pdf'));
    const runner = newRunner();
    runner.start();
    try {
      for (let i = 0; i < 2000 && (await stateOf(uploadId))?.state !== 'reading'; i++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect((await stateOf(uploadId))?.state).toBe('reading');
    } finally {
      await runner.stop();
    }
    expect(await stateOf(uploadId)).toMatchObject({ state: 'queued', refusal: null });
  });
});
