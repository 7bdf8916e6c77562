import { ListingStatus, productEndpoints, ResponseCode, revisionEndpoints } from '@jcbb/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../../test/endpoint-call.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { listings, productSpecs, products } from '../../db/schema/index.ts';
import { readField, saveReadingOf, shaOfUpload } from '../evidence-reading/reading.test-support.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';

/**
 * Approved facts do not change unseen (docs/decisions.md, "Approved facts and revisions"): a change of a listed
 * product's approved facts waits in a revision, which the platform and then the city approve; the catalogue keeps the
 * approved version until then, rejection keeps it for good. Prices and other sales fields change at once.
 */

let server: TestServer;
let owner: string;
let staff: string;
let platform: string;
let city: string;
let other: string;
const SAVE = '/materials/bmProduct/addOrUpdateProductInfo';
const R = '/api/product-revisions';

let ownerOrg = 0;
/** Products of 南京绿筑 listed in Nanjing, one per test that needs a fresh one. */
const listed: number[] = [];
let unlisted = 0;

async function productOf(id: number) {
  const [row] = await server.database.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

/** The save body that keeps everything as it is, with `changes` on top. */
async function saveBody(id: number, changes: Record<string, unknown> = {}) {
  const p = await productOf(id);
  return {
    id,
    name: p.name,
    brand: p.brand ?? undefined,
    classifyCode: p.classifyCode,
    materialType: p.materialType,
    description: p.description ?? undefined,
    images: p.images,
    enableStatus: p.enableStatus,
    recommended: p.recommended,
    ...changes,
  };
}

async function catalogueNames(fragment: string): Promise<string[]> {
  const res = await server.call('POST', '/open/materials/show/getCityProductList', {
    cityCode: '320100',
    materialName: fragment,
    take: 50,
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.data.list.map((p: { name: string }) => p.name);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.login('13800000001');
  staff = await server.login('13800000009');
  platform = await server.login('13800000000');
  city = await server.login('13800000006');
  other = await server.login('13800000008');
  const db = server.database.db;
  const [ownerProduct] = await db.select({ orgId: products.orgId }).from(products).limit(1);
  ownerOrg = ownerProduct?.orgId ?? 0;
  const rows = await db
    .selectDistinct({ id: listings.productId })
    .from(listings)
    .where(
      and(eq(listings.status, ListingStatus.LISTED), eq(listings.cityCode, '320100'), eq(listings.orgId, ownerOrg)),
    );
  listed.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  expect(listed.length).toBeGreaterThanOrEqual(4);
  const [free] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.orgId, ownerOrg),
        notInArray(
          products.id,
          db.select({ id: listings.productId }).from(listings).where(eq(listings.status, ListingStatus.LISTED)),
        ),
      ),
    )
    .limit(1);
  unlisted = free?.id ?? 0;
  expect(unlisted).toBeGreaterThan(0);
});
afterAll(() => server?.stop());

describe('a change of a listed product’s approved facts', () => {
  let id = 0;
  let approvedName = '';
  let revisionId = 0;

  it('waits in a revision; the catalogue and the product keep the approved name; other fields change at once', async () => {
    id = listed[0] as number;
    const before = await productOf(id);
    approvedName = before.name;
    const res = await server.call(
      'POST',
      SAVE,
      await saveBody(id, { name: `${approvedName}（换代）`, recommended: !before.recommended }),
      owner,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.pendingFields).toEqual(['name']);
    revisionId = res.body.data.revisionId;
    expect(revisionId).toBeGreaterThan(0);
    const after = await productOf(id);
    expect(after.name).toBe(approvedName);
    expect(after.recommended).toBe(!before.recommended);
    expect(await catalogueNames(approvedName)).toContain(approvedName);
    expect(await catalogueNames('换代')).toEqual([]);
  });

  it('shows the auditor the approved and the proposed value', async () => {
    const res = await server.call('GET', `${R}/${revisionId}`, {}, platform);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      productId: id,
      status: 1,
      statusName: '平台审核中',
      actions: ['approve', 'reject'],
      cities: [{ cityCode: '320100', approved: false }],
    });
    expect(res.body.data.diff).toEqual([
      expect.objectContaining({
        target: 'product',
        field: 'name',
        before: approvedName,
        after: `${approvedName}（换代）`,
      }),
    ]);
    const queue = await server.call('POST', `${R}/list`, {}, platform);
    expect(queue.body.data.list.map((r: { id: number }) => r.id)).toContain(revisionId);
  });

  it('is hidden from other organisations, and from the city until the platform approves', async () => {
    for (const token of [other, city]) {
      const res = await server.call('GET', `${R}/${revisionId}`, {}, token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ResponseCode.NOT_FOUND);
      expect((await server.call('POST', `${R}/${revisionId}/approve`, {}, token)).status).toBe(
        token === other ? 403 : 404,
      );
    }
    expect((await server.call('POST', `${R}/${revisionId}/approve`, {}, owner)).status).toBe(403);
    expect((await server.call('GET', `${R}/${revisionId}`, {}, null)).status).toBe(401);
  });

  it('passes the platform, then the city; only then the catalogue shows the new name', async () => {
    const approved = await server.call('POST', `${R}/${revisionId}/approve`, {}, platform);
    expect(approved.status, approved.raw).toBe(200);
    expect(approved.body.data.status).toBe(2);
    expect((await server.call('POST', `${R}/${revisionId}/approve`, {}, platform)).status).toBe(409);
    expect((await productOf(id)).name).toBe(approvedName);
    const seen = await server.call('GET', `${R}/${revisionId}`, {}, city);
    expect(seen.body.data.actions).toEqual(['approve', 'reject']);
    const done = await server.call('POST', `${R}/${revisionId}/approve`, {}, city);
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data.status).toBe(3);
    expect((await productOf(id)).name).toBe(`${approvedName}（换代）`);
    expect(await catalogueNames('换代')).toEqual([`${approvedName}（换代）`]);
    const history = (await server.call('GET', `${R}/${revisionId}`, {}, owner)).body.data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['submit', 'platform_approve', 'city_approve']);
    expect(history[0].actorName).toBeTruthy();
  });
});

describe('rejection, amendment, withdrawal', () => {
  it('a rejection keeps the approved facts and needs a reason', async () => {
    const id = listed[1] as number;
    const approved = await productOf(id);
    const res = await server.call('POST', SAVE, await saveBody(id, { classifyCode: '0104' }), staff);
    expect(res.status, res.raw).toBe(200);
    const revisionId = res.body.data.revisionId;
    expect(revisionId).toBeGreaterThan(0);
    const noReason = await server.call('POST', `${R}/${revisionId}/reject`, {}, platform);
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['reason']);
    const rejected = await server.call('POST', `${R}/${revisionId}/reject`, { reason: '分类与检测报告不符' }, platform);
    expect(rejected.status, rejected.raw).toBe(200);
    expect(rejected.body.data.status).toBe(4);
    expect((await productOf(id)).classifyCode).toBe(approved.classifyCode);
    const mine = await server.call('GET', `${R}/of-product`, { productId: id }, owner);
    expect(mine.body.data.open).toBeNull();
    expect(mine.body.data.last).toMatchObject({ id: revisionId, status: 4, reason: '分类与检测报告不符' });
  });

  it('an edit during the city’s audit goes back to the platform; the owner can withdraw', async () => {
    const id = listed[2] as number;
    const approvedName = (await productOf(id)).name;
    const first = await server.call('POST', SAVE, await saveBody(id, { description: '第一次修改' }), owner);
    const revisionId = first.body.data.revisionId;
    expect((await server.call('POST', `${R}/${revisionId}/approve`, {}, platform)).body.data.status).toBe(2);
    const second = await server.call(
      'POST',
      SAVE,
      await saveBody(id, { description: '第二次修改', name: `${approvedName}Ⅱ` }),
      owner,
    );
    expect(second.body.data.revisionId).toBe(revisionId);
    const view = await server.call('GET', `${R}/${revisionId}`, {}, owner);
    expect(view.body.data.status).toBe(1);
    expect(view.body.data.actions).toEqual(['withdraw']);
    expect(view.body.data.diff.map((d: { field: string; after: string }) => [d.field, d.after])).toEqual([
      ['name', `${approvedName}Ⅱ`],
      ['description', '第二次修改'],
    ]);
    expect((await server.call('POST', `${R}/${revisionId}/withdraw`, {}, other)).status).toBe(404);
    const withdrawn = await server.call('POST', `${R}/${revisionId}/withdraw`, {}, owner);
    expect(withdrawn.body.data.status).toBe(7);
    expect((await server.call('POST', `${R}/${revisionId}/withdraw`, {}, owner)).status).toBe(409);
    expect((await productOf(id)).name).toBe(approvedName);
  });
});

describe('what is an approved fact', () => {
  it('a product that is not listed changes at once', async () => {
    const res = await server.call('POST', SAVE, await saveBody(unlisted, { name: '未入库产品改名' }), owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.revisionId).toBeNull();
    expect((await productOf(unlisted)).name).toBe('未入库产品改名');
  });

  it('a specification’s model waits; its price changes at once; a new specification waits', async () => {
    const id = listed[3] as number;
    const db = server.database.db;
    const [spec] = await db.select().from(productSpecs).where(eq(productSpecs.productId, id)).limit(1);
    if (!spec) throw new Error('demo product without specification');
    const res = await server.call(
      'POST',
      '/materials/productSpecificationsModel/update',
      {
        id: spec.id,
        productId: id,
        name: spec.name,
        model: `${spec.model}-新`,
        unitId: spec.unitId,
        price: 1234.5,
        minOrder: spec.minOrder ?? 1,
        status: spec.status,
      },
      owner,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.pendingFields).toEqual(['model']);
    const [after] = await db.select().from(productSpecs).where(eq(productSpecs.id, spec.id));
    expect(after?.model).toBe(spec.model);
    expect(after?.price).toBe('1234.50');
    const added = await server.call(
      'POST',
      '/materials/productSpecificationsModel/update',
      { productId: id, name: '新规格', model: 'N-1', unitId: spec.unitId, price: 10, minOrder: 1 },
      owner,
    );
    expect(added.status, added.raw).toBe(200);
    expect(added.body.data).toMatchObject({ id: null, revisionId: res.body.data.revisionId });
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(productSpecs)
      .where(and(eq(productSpecs.productId, id), eq(productSpecs.model, 'N-1')))) as [{ n: number }];
    expect(n).toBe(0);
    const view = await server.call('GET', `${R}/${res.body.data.revisionId}`, {}, platform);
    expect(view.body.data.diff.map((d: { target: string; change: string }) => `${d.target}:${d.change}`)).toEqual([
      'spec:update',
      'spec:add',
    ]);
    // Approved by both: the model changes and the new specification exists.
    await server.call('POST', `${R}/${res.body.data.revisionId}/approve`, {}, platform);
    await server.call('POST', `${R}/${res.body.data.revisionId}/approve`, {}, city);
    const [approved] = await db.select().from(productSpecs).where(eq(productSpecs.id, spec.id));
    expect(approved?.model).toBe(`${spec.model}-新`);
    const newOnes = await db
      .select()
      .from(productSpecs)
      .where(and(eq(productSpecs.productId, id), eq(productSpecs.model, 'N-1')));
    expect(newOnes).toHaveLength(1);
  });

  it('a test report waits; a manual does not', async () => {
    const id = listed[0] as number;
    const file = await uploadFile(server, owner, '检测报告.pdf', SMALL_PDF, 'application/pdf');
    const uploadId = file.body.data.id;
    const report = await server.call(
      'POST',
      '/materials/productInfo/addDocument',
      { productId: id, kind: 4, uploadId },
      owner,
    );
    expect(report.status, report.raw).toBe(200);
    expect(report.body.data.id).toBeNull();
    expect(report.body.data.revisionId).toBeGreaterThan(0);
    const manual = await server.call(
      'POST',
      '/materials/productInfo/addDocument',
      { productId: id, kind: 1, uploadId },
      owner,
    );
    expect(manual.status, manual.raw).toBe(200);
    expect(manual.body.data.id).toBeGreaterThan(0);
    expect(manual.body.data.revisionId ?? null).toBeNull();
  });

  it('keeps with the platform’s decision the proposed report as read: the findings the auditor had before it', async () => {
    const id = listed[3] as number;
    const bytes = Buffer.concat([SMALL_PDF, Buffer.from(`% revision ${Date.now()}\n`)]);
    const uploadId = (await uploadFile(server, owner, '另一型号检测报告.pdf', bytes, 'application/pdf')).body.data.id;
    const added = await callEndpoint(server, productEndpoints.addDocument, { productId: id, kind: 4, uploadId }, owner);
    expect(added.status, added.raw).toBe(200);
    const revisionId = added.body.data.revisionId;
    // Read as a report of another product: ER-02 disagrees.
    await saveReadingOf(server, await shaOfUpload(server, uploadId), {
      kind: 'test_report',
      fields: [readField('reportNo', 'REV-2026-001'), readField('productName', '完全无关的钢化玻璃')],
      items: [],
    });
    const rejected = await callEndpoint(
      server,
      revisionEndpoints.reject,
      { id: revisionId, reason: '报告与产品不符' },
      platform,
    );
    expect(rejected.status, rejected.raw).toBe(200);
    const history = (await callEndpoint(server, revisionEndpoints.detail, { id: revisionId }, owner)).body.data.history;
    const decision = history.find((h: { action: string }) => h.action === 'platform_reject');
    expect(decision.readings).toHaveLength(1);
    expect(decision.readings[0]).toMatchObject({ uploadId, state: 'done', reviewed: 0 });
    expect(decision.readings[0].findings).toContainEqual({ code: 'ER-02', version: 1, outcome: 'fail' });
    // Steps that decide nothing keep none.
    expect(history.find((h: { action: string }) => h.action === 'submit').readings).toEqual([]);
  });
});
