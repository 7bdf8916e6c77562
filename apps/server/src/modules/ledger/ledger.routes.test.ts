import { createHash, randomBytes } from 'node:crypto';
import {
  bytesToHex,
  hexToBytes,
  leafHash,
  verifyConsistency,
  verifyInclusionAgainstSignedHead,
  verifyTreeHeadSignature,
} from '@jcbb/contract/ledger-proof';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { fileBlobs, productDocuments, products, uploads, users } from '../../db/schema/index.ts';
import { verifyLedger } from './ledger.verify.ts';

let server: TestServer;
let maker: string;
let staff: string;
let otherMaker: string;
let dealer: string;
let developer: string;
let publicKey: string;

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.login('13800000001');
  staff = await server.login('13800000009');
  otherMaker = await server.login('13800000008');
  dealer = await server.login('13800000002');
  developer = await server.login('13800000005');
  publicKey = (await server.call('GET', '/open/ledger/key')).body.data.publicKey;
}, 60_000);
afterAll(() => server?.stop());

/** An upload row of the organisation of `mobile` (the ledger only needs its SHA-256; no bytes on disk). */
async function makeUpload(mobile: string, name = '检测报告.pdf') {
  const db = server.database.db;
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile));
  const bytes = randomBytes(64);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db.insert(fileBlobs).values({ sha256, size: bytes.length, mime: 'application/pdf' });
  const [row] = await db
    .insert(uploads)
    .values({ sha256, orgId: user?.orgId ?? null, userId: user?.id as number, name })
    .returning();
  return { id: row?.id as number, sha256 };
}

function checkEvidence(evidence: {
  entry: string;
  leafHash: string;
  leafIndex: number;
  inclusionProof: string[];
  sth: { treeSize: number; rootHash: string; timestamp: number; signature: string };
}) {
  // The entry bytes hash to the leaf hash, and the proof leads to a head signed by the published key.
  expect(bytesToHex(leafHash(Buffer.from(evidence.entry, 'base64')))).toBe(evidence.leafHash);
  expect(
    verifyInclusionAgainstSignedHead(
      {
        entryHash: evidence.leafHash,
        leafIndex: evidence.leafIndex,
        proof: evidence.inclusionProof,
        head: evidence.sth,
      },
      publicKey,
    ),
  ).toBe(true);
}

describe('storage', () => {
  it('a manufacturer puts an upload on record; the answer carries a proof the contract verifies', async () => {
    const upload = await makeUpload('13800000001', '抗压强度检测报告.pdf');
    const res = await server.call('POST', '/api/blockchain/storage/add', { uploadId: upload.id, docType: 1 }, maker);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d).toMatchObject({ title: '抗压强度检测报告.pdf', docType: 1, sha256: upload.sha256, uploadId: upload.id });
    checkEvidence(d.evidence);
    const entry = JSON.parse(Buffer.from(d.evidence.entry, 'base64').toString('utf8'));
    expect(entry).toMatchObject({ v: 1, kind: 'document', contentSha256: upload.sha256, meta: { docType: 1 } });
    // No personal data in the public entry: neither the title nor who stored it.
    expect(d.evidence.entry).not.toContain(Buffer.from('抗压').toString('base64'));
    expect(JSON.stringify(entry)).not.toMatch(/张伟|1380000/);

    const detail = await server.call('GET', '/api/blockchain/storage/detail', { id: d.id }, staff);
    expect(detail.body.code).toBe(0);
    checkEvidence(detail.body.data.evidence);
  });

  it('puts a product document on record by choosing it; docType follows its kind', async () => {
    // A fresh carbon-footprint report on one of the manufacturer's products (the demo's own are on record already).
    const db = server.database.db;
    const [admin] = await db.select().from(users).where(eq(users.mobile, '13800000001'));
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.orgId, admin?.orgId as number))
      .limit(1);
    const file = await makeUpload('13800000001', '碳足迹报告.pdf');
    await db.insert(productDocuments).values({
      productId: product?.id as number,
      kind: 2,
      uploadId: file.id,
      name: '产品碳足迹报告 2026',
      createdBy: admin?.id as number,
    });
    const docs = await server.call('GET', '/api/blockchain/storage/documents', {}, maker);
    expect(docs.body.code).toBe(0);
    const report = (docs.body.data as Array<{ kind: number; recordId: number | null; productDocumentId: number }>).find(
      (d) => d.kind === 2 && d.recordId === null,
    );
    expect(report).toBeDefined();
    const res = await server.call(
      'POST',
      '/api/blockchain/storage/add',
      { productDocumentId: report?.productDocumentId },
      maker,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ docType: 2, productDocumentId: report?.productDocumentId });
    expect(res.body.data.productId).toBeTypeOf('number');
    checkEvidence(res.body.data.evidence);
    const again = await server.call('GET', '/api/blockchain/storage/documents', {}, maker);
    const same = (again.body.data as Array<{ productDocumentId: number; recordId: number | null }>).find(
      (d) => d.productDocumentId === report?.productDocumentId,
    );
    expect(same?.recordId).toBe(res.body.data.id);
  });

  it('refuses the same bytes twice, bad input and a missing docType', async () => {
    const upload = await makeUpload('13800000001');
    expect(
      (await server.call('POST', '/api/blockchain/storage/add', { uploadId: upload.id, docType: 6 }, maker)).body.code,
    ).toBe(0);
    const twice = await server.call('POST', '/api/blockchain/storage/add', { uploadId: upload.id, docType: 6 }, maker);
    expect(twice.status).toBe(400);
    expect(twice.body.data.fields[0]).toMatchObject({ field: 'uploadId', message: '该文件已存证' });
    const neither = await server.call('POST', '/api/blockchain/storage/add', { docType: 1 }, maker);
    expect(neither.status).toBe(400);
    const noType = await server.call('POST', '/api/blockchain/storage/add', { uploadId: upload.id }, maker);
    expect(noType.status).toBe(400);
    expect(noType.body.data.fields.map((f: { field: string }) => f.field)).toContain('docType');
    const badType = await server.call(
      'POST',
      '/api/blockchain/storage/add',
      { uploadId: upload.id, docType: 9 },
      maker,
    );
    expect(badType.status).toBe(400);
  });

  it("another organisation's upload, product document, product or record answers 404", async () => {
    const theirs = await makeUpload('13800000008');
    expect(
      (await server.call('POST', '/api/blockchain/storage/add', { uploadId: theirs.id, docType: 1 }, maker)).status,
    ).toBe(404);
    const mine = await makeUpload('13800000001');
    const res = await server.call('POST', '/api/blockchain/storage/add', { uploadId: mine.id, docType: 1 }, maker);
    const id = res.body.data.id;
    expect((await server.call('GET', '/api/blockchain/storage/detail', { id }, otherMaker)).status).toBe(404);
    expect((await server.call('GET', '/api/blockchain/storage/detail', { id }, dealer)).status).toBe(404);
    const [doc] = await server.database.db
      .select({ id: productDocuments.id, productId: products.id })
      .from(productDocuments)
      .innerJoin(products, eq(products.id, productDocuments.productId))
      .limit(1);
    expect(
      (await server.call('POST', '/api/blockchain/storage/add', { productDocumentId: doc?.id }, otherMaker)).status,
    ).toBe(404);
    const up = await makeUpload('13800000008');
    expect(
      (
        await server.call(
          'POST',
          '/api/blockchain/storage/add',
          { uploadId: up.id, docType: 1, productId: doc?.productId },
          otherMaker,
        )
      ).status,
    ).toBe(404);
  });

  it('organisations other than manufacturers and distributors cannot store (403); distributors can', async () => {
    const up = await makeUpload('13800000005');
    const res = await server.call('POST', '/api/blockchain/storage/add', { uploadId: up.id, docType: 4 }, developer);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('只有建材生产企业、经销商可以执行此操作');
    expect((await server.call('POST', '/api/blockchain/storage/list', {}, developer)).status).toBe(403);
    const dealerUpload = await makeUpload('13800000002', '经销授权书.pdf');
    const ok = await server.call(
      'POST',
      '/api/blockchain/storage/add',
      { uploadId: dealerUpload.id, docType: 5 },
      dealer,
    );
    expect(ok.body.code).toBe(0);
  });

  it('lists only the own organisation’s records, newest first, with paging and filters', async () => {
    const page = await server.call('POST', '/api/blockchain/storage/list', { pageNum: 1, pageSize: 2 }, maker);
    expect(page.body.code).toBe(0);
    expect(page.body.data.list).toHaveLength(2);
    const all = await server.call('POST', '/api/blockchain/storage/list', { pageSize: 50 }, staff);
    expect(all.body.data.total).toBe(page.body.data.total);
    const ids = all.body.data.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const reports = await server.call('POST', '/api/blockchain/storage/list', { docType: 2 }, maker);
    expect(reports.body.data.list.every((r: { docType: number }) => r.docType === 2)).toBe(true);
    const kw = await server.call('POST', '/api/blockchain/storage/list', { keyword: '抗压' }, maker);
    expect(kw.body.data.list.map((r: { title: string }) => r.title)).toEqual(['抗压强度检测报告.pdf']);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const dated = await server.call('POST', '/api/blockchain/storage/list', { dateFrom: today, dateTo: today }, maker);
    expect(dated.body.data.total).toBe(page.body.data.total);
    const other = await server.call('POST', '/api/blockchain/storage/list', {}, otherMaker);
    expect(other.body.data.total).toBe(0);
    expect((await server.call('POST', '/api/blockchain/storage/list', { dateFrom: '2026-13-01' }, maker)).status).toBe(
      400,
    );
  });
});

describe('concurrency', () => {
  it('concurrent appends queue behind the lock: distinct leaves, one unforked tree', async () => {
    const made = [];
    for (let i = 0; i < 8; i++) made.push(await makeUpload(i % 2 ? '13800000001' : '13800000002'));
    const answers = await Promise.all(
      made.map((u, i) =>
        server.call('POST', '/api/blockchain/storage/add', { uploadId: u.id, docType: 6 }, i % 2 ? maker : dealer),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(8).fill(0));
    const leaves = answers.map((a) => a.body.data.leafIndex as number);
    expect(new Set(leaves).size).toBe(8);
    expect(await verifyLedger(server.database.db, publicKey)).toMatchObject({ ok: true });
  });
});

describe('check', () => {
  it('finds an unchanged file with its records and proof, and reports an unknown one', async () => {
    const upload = await makeUpload('13800000001', '合同.pdf');
    await server.call('POST', '/api/blockchain/storage/add', { uploadId: upload.id, docType: 4 }, maker);
    const found = await server.call('POST', '/api/blockchain/check', { sha256: upload.sha256 }, maker);
    expect(found.body.code).toBe(0);
    expect(found.body.data.found).toBe(true);
    expect(found.body.data.records.map((r: { title: string }) => r.title)).toEqual(['合同.pdf']);
    for (const e of found.body.data.entries) checkEvidence(e);
    // By upload id, and from another organisation (which sees the entry, not the record's title).
    expect((await server.call('POST', '/api/blockchain/check', { uploadId: upload.id }, maker)).body.data.found).toBe(
      true,
    );
    const elsewhere = await server.call(
      'POST',
      '/api/blockchain/check',
      { sha256: upload.sha256.toUpperCase() },
      developer,
    );
    expect(elsewhere.body.data).toMatchObject({ found: true, records: [] });

    const unknown = createHash('sha256').update('never stored').digest('hex');
    const none = await server.call('POST', '/api/blockchain/check', { sha256: unknown }, maker);
    expect(none.body.data).toMatchObject({ found: false, entries: [], records: [] });
    expect((await server.call('POST', '/api/blockchain/check', { sha256: 'abc' }, maker)).status).toBe(400);
    expect((await server.call('POST', '/api/blockchain/check', {}, maker)).status).toBe(400);

    const pub = await server.call('GET', '/open/ledger/check', { sha256: upload.sha256 });
    expect(pub.body.data.found).toBe(true);
    expect(pub.body.data).not.toHaveProperty('records');
    expect((await server.call('GET', '/open/ledger/check', { sha256: unknown })).body.data.found).toBe(false);
  });
});

describe('the public log', () => {
  it('publishes signed heads, entries, inclusion and consistency proofs that verify', async () => {
    const key = await server.call('GET', '/open/ledger/key');
    expect(key.body.data).toMatchObject({ algorithm: 'Ed25519', hashAlgorithm: 'SHA-256' });
    const sth = (await server.call('GET', '/open/ledger/sth')).body.data;
    expect(sth.treeSize).toBeGreaterThanOrEqual(5);
    expect(verifyTreeHeadSignature(sth, publicKey)).toBe(true);
    const at3 = (await server.call('GET', '/open/ledger/sth/3')).body.data;
    expect(at3.treeSize).toBe(3);
    expect(verifyTreeHeadSignature(at3, publicKey)).toBe(true);

    for (let m = 0; m < sth.treeSize; m++) {
      const entry = (await server.call('GET', `/open/ledger/entry/${m}`)).body.data;
      const proof = (await server.call('GET', '/open/ledger/proof/inclusion', { leafIndex: m })).body.data;
      expect(proof.leafHash).toBe(entry.leafHash);
      checkEvidence({ ...entry, inclusionProof: proof.inclusionProof, sth: proof.sth });
      const old = (await server.call('GET', '/open/ledger/proof/inclusion', { leafIndex: m, treeSize: m + 1 })).body
        .data;
      checkEvidence({ ...entry, inclusionProof: old.inclusionProof, sth: old.sth });
    }
    for (let first = 1; first <= sth.treeSize; first++) {
      const headA = (await server.call('GET', `/open/ledger/sth/${first}`)).body.data;
      const res = await server.call('GET', '/open/ledger/proof/consistency', { first, second: sth.treeSize });
      expect(res.body.code).toBe(0);
      expect(
        verifyConsistency(
          first,
          sth.treeSize,
          hexToBytes(headA.rootHash),
          hexToBytes(sth.rootHash),
          res.body.data.consistencyProof.map((p: string) => hexToBytes(p)),
        ),
      ).toBe(true);
    }
  });

  it('answers 404 beyond the log and 400 for bad input, never 500', async () => {
    const size = (await server.call('GET', '/open/ledger/sth')).body.data.treeSize;
    expect((await server.call('GET', `/open/ledger/sth/${size + 100}`)).status).toBe(404);
    expect((await server.call('GET', `/open/ledger/entry/${size + 100}`)).status).toBe(404);
    expect((await server.call('GET', '/open/ledger/entry/abc')).status).toBe(400);
    expect((await server.call('GET', '/open/ledger/proof/inclusion', { leafIndex: size + 5 })).status).toBe(404);
    expect((await server.call('GET', '/open/ledger/proof/inclusion', { leafIndex: 3, treeSize: 2 })).status).toBe(400);
    expect(
      (await server.call('GET', '/open/ledger/proof/inclusion', { leafIndex: 0, treeSize: size + 9 })).status,
    ).toBe(404);
    expect((await server.call('GET', '/open/ledger/proof/inclusion', { leafIndex: -1 })).status).toBe(400);
    expect((await server.call('GET', '/open/ledger/proof/consistency', { first: 3, second: 2 })).status).toBe(400);
    expect((await server.call('GET', '/open/ledger/proof/consistency', { first: 0, second: 2 })).status).toBe(400);
    expect((await server.call('GET', '/open/ledger/proof/consistency', { first: 1, second: size + 1 })).status).toBe(
      404,
    );
    expect((await server.call('GET', '/open/ledger/sth/99999999999999999999')).status).toBe(400);
  });
});

describe('tamper evidence', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE on the ledger tables', async () => {
    const db = server.database.db;
    for (const statement of [
      sql`update ledger_entries set kind = 'x' where leaf_index = 0`,
      sql`delete from ledger_entries where leaf_index = 0`,
      sql`truncate ledger_entries cascade`,
      sql`update ledger_nodes set hash = '\\x00' where level = 1 and idx = 0`,
      sql`delete from ledger_nodes`,
      sql`truncate ledger_nodes`,
      sql`update ledger_tree_heads set timestamp = 0`,
      sql`delete from ledger_tree_heads`,
      sql`truncate ledger_tree_heads cascade`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect(await verifyLedger(db, publicKey)).toMatchObject({ ok: true });
  });

  it('the verifier reports the first entry altered behind the trigger’s back', async () => {
    const db = server.database.db;
    const before = await verifyLedger(db, publicKey);
    expect(before.ok).toBe(true);
    // Swap the content hash inside entry 2's bytes, as someone with database access might.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
      await tx.execute(sql`update ledger_entries
        set entry = convert_to(replace(convert_from(entry, 'UTF8'), content_sha256, ${'0'.repeat(64)}), 'UTF8')
        where leaf_index = 2`);
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    });
    const after = await verifyLedger(db, publicKey);
    expect(after).toMatchObject({ ok: false, leafIndex: 2 });
    // And a changed index column (content_sha256 used by the check) is caught too, at its own leaf.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
      await tx.execute(
        sql`update ledger_entries set entry = convert_to(replace(convert_from(entry, 'UTF8'), ${'0'.repeat(64)}, content_sha256), 'UTF8') where leaf_index = 2`,
      );
      await tx.execute(sql`update ledger_entries set content_sha256 = ${'f'.repeat(64)} where leaf_index = 1`);
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    });
    expect(await verifyLedger(db, publicKey)).toMatchObject({ ok: false, leafIndex: 1 });
  });
});
