import { ListingStatus } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../../test/harness.ts';
import { auditLog, listings, messages, organizations, productDocuments, products } from '../../db/schema/index.ts';
import { SMALL_PDF, uploadFile, userIdOf } from '../organization/test-support.ts';
import { EXPIRY_NOTICE_TITLE, runCertificateExpirySweep } from './certificate-expiry.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const MAKER = '13800000001';
const STAFF = '13800000009';
const OTHER_MAKER = '13800000008';
const DEALER = '13800000002';
const today = shanghaiToday();

const post = (url: string, body: Record<string, unknown> = {}, who: string | null = MAKER) =>
  server.call('POST', url, body, who === null ? null : tokens[who]);
const get = (url: string, who: string | null = MAKER) => server.call('GET', url, {}, who === null ? null : tokens[who]);

function ok(res: TestResponse) {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.code, res.raw).toBe(200);
  return res.body.data;
}
function expectStatus(res: TestResponse, status: number, code: number) {
  expect(res.status, res.raw).toBe(status);
  expect(res.body.code, res.raw).toBe(code);
}
function expectInvalid(res: TestResponse, field: string) {
  expectStatus(res, 400, 40000);
  expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
  for (const f of res.body.data.fields) expect(f.message).toMatch(/\p{Script=Han}/u);
}

const newProduct = (over: Record<string, unknown> = {}) => ({
  name: '测试节能砌块',
  brand: '测试',
  classifyCode: '0104',
  materialType: 1,
  description: '测试用产品',
  ...over,
});

async function createProduct(over: Record<string, unknown> = {}, who = MAKER): Promise<number> {
  return ok(await post('/materials/bmProduct/addOrUpdateProductInfo', newProduct(over), who)).id;
}

async function orgIdOf(name: string) {
  const [row] = await server.database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  return row?.id as number;
}

async function addListing(productId: number, status: number, cityCode = '320100', govProcurement = false) {
  const [p] = await server.database.db.select().from(products).where(eq(products.id, productId));
  await server.database.db.insert(listings).values({
    productId,
    orgId: p?.orgId as number,
    cityCode,
    status,
    govProcurement,
    createdBy: p?.createdBy as number,
  });
}

async function uploadPdf(who = MAKER) {
  const res = await uploadFile(server, tokens[who] as string, '报告.pdf', SMALL_PDF, 'application/pdf');
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

const greenCert = (productId: number, uploadId: number, over: Record<string, unknown> = {}) => ({
  productId,
  kind: 3,
  uploadId,
  certNo: 'TEST-0001',
  issuer: '测试认证中心',
  starRating: 2,
  validFrom: addDays(today, -100),
  validUntil: addDays(today, 500),
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  for (const m of [MAKER, STAFF, OTHER_MAKER, DEALER, '13800000006', '13800000000']) tokens[m] = await server.login(m);
});

afterAll(async () => {
  await server?.stop();
});

describe('demo products', () => {
  it('the demo manufacturer has a dozen products with specifications, documents and derived tags', async () => {
    const page = ok(await post('/materials/bmProduct/getProdutInfoList', { take: 50 }));
    expect(page.total).toBe(12);
    const byName = new Map(page.list.map((p: { name: string }) => [p.name, p]));
    expect(byName.get('预制混凝土叠合板')).toMatchObject({
      materialType: 2,
      tags: { isPrefabricated: true, isLowCarbon: true, isGreen: true, starRating: 2 },
    });
    // Expired certificate: no green tag; expiring one: still green.
    expect(byName.get('水性建筑涂料（内墙）')).toMatchObject({ tags: { isGreen: false, starRating: null } });
    expect(byName.get('岩棉保温板')).toMatchObject({ tags: { isGreen: true, greenValidUntil: addDays(today, 45) } });
    for (const p of page.list) expect(p.specCount).toBeGreaterThanOrEqual(1);
  });

  it('its documents are real PDFs that download', async () => {
    const [product] = ok(await post('/materials/bmProduct/getProdutInfoList', { materialName: '叠合板' })).list;
    const detail = ok(await get(`/materials/bmProduct/getProductInfoById/${product.id}`));
    expect(detail.view).toBe('full');
    const cert = detail.documents.find((d: { kind: number }) => d.kind === 3);
    expect(cert).toMatchObject({ certNo: expect.any(String), starRating: 2, valid: true });
    const file = await get(`/api/file/${cert.file.id}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw).toMatch(/^%PDF-1\.\d/);
    expect(file.raw).toContain('%%EOF');
    expect(detail.images).toHaveLength(1);
    const image = await get(`/api/file/${detail.images[0].id}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('the manufacturer was told once about the certificate expiring within 90 days', async () => {
    const admin = await userIdOf(server, MAKER);
    const rows = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.toUid, admin), eq(messages.title, EXPIRY_NOTICE_TITLE)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.content).toContain('岩棉保温板');
    expect(rows[0]?.channelNo).toBe('materials');
    await runCertificateExpirySweep(server.database.db);
    const again = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.toUid, admin), eq(messages.title, EXPIRY_NOTICE_TITLE)));
    expect(again).toHaveLength(1);
  });
});

describe('permissions', () => {
  it('unauthenticated calls answer 401', async () => {
    expectStatus(await post('/materials/bmProduct/getProdutInfoList', {}, null), 401, 10100);
    expectStatus(await post('/materials/bmProduct/addOrUpdateProductInfo', newProduct(), null), 401, 10100);
    expectStatus(await post('/materials/productSpecificationsModel/list', { productId: 1 }, null), 401, 10100);
  });

  it('non-manufacturers cannot create or list products (403)', async () => {
    expectStatus(await post('/materials/bmProduct/addOrUpdateProductInfo', newProduct(), DEALER), 403, 40300);
    expectStatus(await post('/materials/bmProduct/getProdutInfoList', {}, DEALER), 403, 40300);
    expectStatus(await post('/materials/bmProduct/addOrUpdateProductInfo', newProduct(), '13800000000'), 403, 40300);
    expectStatus(await post('/materials/productSpecificationsModel/productDetailList', {}, '13800000006'), 403, 40300);
  });

  it('every manufacturer-only call refuses other organisation types with the one orgTypes message', async () => {
    const spec = { productId: 1, name: '标准', model: 'M1', unitId: 31, price: 10, minOrder: 1 };
    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', '/materials/bmProduct/addOrUpdateProductInfo', newProduct()],
      ['POST', '/materials/bmProduct/getProdutInfoList', {}],
      ['POST', '/materials/bmProduct/setProductEnableStatus', { id: 1, enableStatus: 1 }],
      ['POST', '/materials/bmProduct/deleteProductInfo', { id: 1 }],
      ['POST', '/materials/productInfo/againUpdate', newProduct({ id: 1 })],
      ['POST', '/materials/productInfo/selectProductByNameAndCompanyId', { name: '测试' }],
      ['POST', '/materials/productSpecificationsModel/list', { productId: 1 }],
      ['POST', '/materials/productSpecificationsModel/details', { id: 1 }],
      ['GET', '/materials/productSpecificationsModel/relationInfo/1', {}],
      ['GET', '/materials/productSpecificationsModel/delete/1', {}],
      ['POST', '/materials/productSpecificationsModel/update', spec],
      ['POST', '/materials/productSpecificationsModel/batchUpdate', { ids: [1], status: 1 }],
      ['POST', '/materials/productSpecificationsModel/detailsByProductInfoId', { productId: 1 }],
      ['POST', '/materials/productSpecificationsModel/productDetailList', {}],
      ['POST', '/materials/productInfo/addDocument', { productId: 1, kind: 1, uploadId: 1 }],
      ['POST', '/materials/productInfo/documentList', { productId: 1 }],
      ['POST', '/materials/productInfo/deleteDocument', { id: 1 }],
    ];
    for (const who of [DEALER, '13800000000']) {
      for (const [method, url, body] of calls) {
        const res = await server.call(method, url, body, tokens[who]);
        expect(res.status, `${method} ${url}: ${res.raw}`).toBe(403);
        expect(res.body.msg, url).toBe('只有建材生产企业可以执行此操作');
      }
    }
  });

  it('staff may create and edit, but not delete', async () => {
    const id = await createProduct({ name: '员工创建的产品' }, STAFF);
    ok(await post('/materials/bmProduct/addOrUpdateProductInfo', newProduct({ id, name: '员工修改的产品' }), STAFF));
    expectStatus(await post('/materials/bmProduct/deleteProductInfo', { id }, STAFF), 403, 40300);
    const spec = ok(
      await post(
        '/materials/productSpecificationsModel/update',
        { productId: id, name: '标准', model: 'M1', unitId: 31, price: 10, minOrder: 1 },
        STAFF,
      ),
    ).id;
    expectStatus(await get(`/materials/productSpecificationsModel/delete/${spec}`, STAFF), 403, 40300);
    ok(await post('/materials/bmProduct/deleteProductInfo', { id }));
    expectStatus(await get(`/materials/bmProduct/getProductInfoById/${id}`), 404, 40400);
  });

  it("another manufacturer's product answers 404 on every call", async () => {
    const id = await createProduct({ name: '他人不可见的产品' });
    const spec = ok(
      await post('/materials/productSpecificationsModel/update', {
        productId: id,
        name: '标准',
        model: 'M1',
        unitId: 31,
        price: '10.00',
        minOrder: 1,
      }),
    ).id;
    const upload = await uploadPdf();
    const doc = ok(await post('/materials/productInfo/addDocument', { productId: id, kind: 1, uploadId: upload })).id;
    const o = OTHER_MAKER;
    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', '/materials/bmProduct/addOrUpdateProductInfo', newProduct({ id })],
      ['GET', `/materials/bmProduct/getProductInfoById/${id}`, {}],
      ['GET', `/open/materials/bmProduct/getProductInfoById/${id}`, {}],
      ['POST', '/materials/bmProduct/setProductEnableStatus', { id, enableStatus: 2 }],
      ['GET', `/materials/bmProduct/getProductTypeById/${id}`, {}],
      ['POST', '/materials/bmProduct/deleteProductInfo', { id }],
      ['POST', '/materials/productInfo/againUpdate', newProduct({ id })],
      ['POST', '/materials/productSpecificationsModel/list', { productId: id }],
      ['POST', '/materials/productSpecificationsModel/details', { id: spec }],
      ['GET', `/materials/productSpecificationsModel/relationInfo/${spec}`, {}],
      ['GET', `/materials/productSpecificationsModel/delete/${spec}`, {}],
      [
        'POST',
        '/materials/productSpecificationsModel/update',
        { id: spec, productId: id, name: 'x', model: 'x', unitId: 31, price: 1, minOrder: 1 },
      ],
      ['POST', '/materials/productSpecificationsModel/batchUpdate', { ids: [spec], status: 2 }],
      ['POST', '/materials/productSpecificationsModel/detailsByProductInfoId', { productId: id }],
      ['POST', '/materials/productInfo/addDocument', { productId: id, kind: 1, uploadId: upload }],
      ['POST', '/materials/productInfo/documentList', { productId: id }],
      ['POST', '/materials/productInfo/deleteDocument', { id: doc }],
    ];
    for (const [method, url, body] of calls) {
      const res = await server.call(method, url, body, tokens[o]);
      expect(res.status, `${method} ${url}: ${res.raw}`).toBe(404);
      expect(res.body.code).toBe(40400);
    }
    expect(ok(await post('/materials/bmProduct/getProdutInfoList', { materialName: '他人不可见' }, o)).total).toBe(0);
    expect(
      ok(await post('/materials/productInfo/selectProductByNameAndCompanyId', { name: '他人不可见的产品' }, o)),
    ).toEqual([]);
    // Nothing changed.
    const [row] = await server.database.db.select().from(products).where(eq(products.id, id));
    expect(row?.enableStatus).toBe(1);
  });
});

describe('validation', () => {
  const save = (body: Record<string, unknown>) => post('/materials/bmProduct/addOrUpdateProductInfo', body);

  it('answers per-field 400s for products', async () => {
    expectInvalid(await save(newProduct({ name: '  ' })), 'name');
    expectInvalid(await save(newProduct({ name: 'x'.repeat(101) })), 'name');
    expectInvalid(await save(newProduct({ materialType: 3 })), 'materialType');
    expectInvalid(await save(newProduct({ classifyCode: 'abc' })), 'classifyCode');
    expectInvalid(await save(newProduct({ classifyCode: '9999' })), 'classifyCode');
    // A category is not a product class.
    expectInvalid(await save(newProduct({ classifyCode: '01' })), 'classifyCode');
    expectInvalid(await save(newProduct({ enableStatus: 0 })), 'enableStatus');
    expectInvalid(await save(newProduct({ images: 'x' })), 'images');
    expectInvalid(await save(newProduct({ recommended: 'yes' })), 'recommended');
  });

  it("refuses images that are not the caller's organisation's uploads", async () => {
    const foreign = await uploadPdf(OTHER_MAKER);
    const mine = await uploadPdf();
    expectInvalid(await save(newProduct({ images: [mine, foreign] })), 'images.1');
    expectInvalid(await save(newProduct({ images: [2_000_000] })), 'images.0');
    const id = ok(await save(newProduct({ name: '带图片的产品', images: [mine] }))).id;
    const detail = ok(await get(`/materials/bmProduct/getProductInfoById/${id}`));
    expect(detail.images).toEqual([{ id: mine, name: '报告.pdf' }]);
  });

  it('answers per-field 400s for specifications', async () => {
    const productId = await createProduct({ name: '规格校验产品' });
    const spec = (over: Record<string, unknown>) =>
      post('/materials/productSpecificationsModel/update', {
        productId,
        name: '标准',
        model: 'M1',
        unitId: 31,
        price: '12.50',
        minOrder: 1,
        ...over,
      });
    expectInvalid(await spec({ price: -1 }), 'price');
    expectInvalid(await spec({ price: '1.234' }), 'price');
    expectInvalid(await spec({ price: 'abc' }), 'price');
    expectInvalid(await spec({ minOrder: 0 }), 'minOrder');
    expectInvalid(await spec({ unitId: 99 }), 'unitId');
    expectInvalid(await spec({ status: 3 }), 'status');
    expectInvalid(await spec({ name: '' }), 'name');
    expectInvalid(await spec({ model: undefined }), 'model');
    const id = ok(await spec({ price: 0 })).id;
    expect(ok(await post('/materials/productSpecificationsModel/details', { id })).price).toBe('0.00');
  });

  it('a green certificate needs number, issuer, stars 1–3 and a validity that ends after it starts', async () => {
    const productId = await createProduct({ name: '证书校验产品' });
    const upload = await uploadPdf();
    const add = (over: Record<string, unknown>) =>
      post('/materials/productInfo/addDocument', greenCert(productId, upload, over));
    for (const field of ['certNo', 'issuer', 'starRating', 'validFrom', 'validUntil']) {
      expectInvalid(await add({ [field]: undefined }), field);
    }
    expectInvalid(await add({ starRating: 4 }), 'starRating');
    expectInvalid(await add({ starRating: 0 }), 'starRating');
    expectInvalid(await add({ validUntil: addDays(today, -100) }), 'validUntil');
    expectInvalid(await add({ validFrom: '2026-02-30' }), 'validFrom');
    expectInvalid(await add({ uploadId: await uploadPdf(OTHER_MAKER) }), 'uploadId');
    expectInvalid(await post('/materials/productInfo/addDocument', { productId, kind: 2 }), 'uploadId');
    expectInvalid(await post('/materials/productInfo/addDocument', { productId, kind: 9, uploadId: upload }), 'kind');
    ok(await add({}));
  });
});

describe('search', () => {
  const search = (body: Record<string, unknown>) => post('/materials/bmProduct/getProdutInfoList', body);
  const names = (data: { list: { name: string }[] }) => data.list.map((p) => p.name);

  it('finds products by a Chinese fragment of the name, literally', async () => {
    expect(names(ok(await search({ materialName: '砌块' })))).toContain('蒸压加气混凝土砌块');
    expect(names(ok(await search({ materialName: '加气混凝土' })))).toEqual(['蒸压加气混凝土砌块']);
    expect(ok(await search({ materialName: '%' })).total).toBe(0);
    expect(ok(await search({ materialName: '' })).total).toBeGreaterThanOrEqual(12);
  });

  it('filters by a classification and everything under it', async () => {
    const ceramics = ok(await search({ classifyCode: '0208' }));
    expect(names(ceramics).sort()).toEqual(['陶瓷薄板', '陶瓷透水砖'].sort());
    const category = ok(await search({ classifyCode: '01', take: 100 }));
    for (const p of category.list) expect(p.classifyCode.startsWith('01')).toBe(true);
    expect(names(category)).toEqual(expect.arrayContaining(['预制混凝土叠合板', '干混砌筑砂浆', '岩棉保温板']));
    expect(names(category)).not.toContain('陶瓷薄板');
  });

  it('filters by tags, recommendation and star rating (green only while valid)', async () => {
    const green = names(ok(await search({ isGreen: true, take: 100 })));
    expect(green).toContain('岩棉保温板');
    expect(green).not.toContain('水性建筑涂料（内墙）');
    // Its only certificate is the one the demo certification body issued on the platform (demo-certificates.ts).
    expect(green).toContain('石膏基自流平砂浆');
    const notGreen = names(ok(await search({ isGreen: '0', take: 100 })));
    expect(notGreen).toContain('水性建筑涂料（内墙）');
    const three = ok(await search({ starRating: 3, take: 100 }));
    expect(names(three).sort()).toEqual(['断桥铝合金节能窗', '蒸压加气混凝土砌块', '陶瓷薄板'].sort());
    const prefab = names(ok(await search({ isPrefabricated: true, take: 100 })));
    expect(prefab.sort()).toEqual(['钢筋桁架楼承板', '预制混凝土叠合板'].sort());
    expect(names(ok(await search({ isRecommend: 1 }))).sort()).toEqual(
      ['断桥铝合金节能窗', '蒸压加气混凝土砌块', '预制混凝土叠合板'].sort(),
    );
    // The demo listings (demo-listings.ts) meet Nanjing's or Hangzhou's demand standard for some products only.
    const gov = ok(await search({ isGovProcurement: true, take: 100 }));
    expect(gov.total).toBeGreaterThan(0);
    expect(gov.total).toBeLessThan(ok(await search({ take: 100 })).total);
    expect(gov.list.every((p: { tags: { isGovProcurement: boolean } }) => p.tags.isGovProcurement)).toBe(true);
    expect(ok(await search({ isGreen: '', starRating: '', classifyCode: null })).total).toBeGreaterThanOrEqual(12);
    expectInvalid(await search({ starRating: 4 }), 'starRating');
    expectInvalid(await search({ isGreen: 'maybe' }), 'isGreen');
    expectInvalid(await search({ take: 0 }), 'take');
  });

  it('pages stably: 10 by default, no overlap, the same order every time', async () => {
    const first = ok(await search({}));
    expect(first.list).toHaveLength(10);
    const all: number[] = [];
    for (let skip = 0; skip < first.total; skip += 3) {
      all.push(...ok(await search({ take: 3, skip })).list.map((p: { id: number }) => p.id));
    }
    expect(all).toHaveLength(first.total);
    expect(new Set(all).size).toBe(first.total);
    expect(all.slice(0, 10)).toEqual(first.list.map((p: { id: number }) => p.id));
    expect(ok(await search({ skip: 1000 })).list).toEqual([]);
  });
});

describe('tags through the API', () => {
  it('follow material type, documents and listings, in the same transaction', async () => {
    const id = await createProduct({ name: '标签测试产品' });
    const tagsOf = async () => ok(await get(`/materials/bmProduct/getProductInfoById/${id}`)).tags;
    expect(await tagsOf()).toMatchObject({ isPrefabricated: false, isLowCarbon: false, isGreen: false });
    ok(
      await post(
        '/materials/bmProduct/addOrUpdateProductInfo',
        newProduct({ id, name: '标签测试产品', materialType: 2 }),
      ),
    );
    expect((await tagsOf()).isPrefabricated).toBe(true);
    const upload = await uploadPdf();
    const report = ok(
      await post('/materials/productInfo/addDocument', { productId: id, kind: 2, uploadId: upload }),
    ).id;
    expect((await tagsOf()).isLowCarbon).toBe(true);
    const cert = ok(await post('/materials/productInfo/addDocument', greenCert(id, upload, { starRating: 3 }))).id;
    expect(await tagsOf()).toMatchObject({ isGreen: true, starRating: 3, greenValidUntil: addDays(today, 500) });
    ok(await post('/materials/productInfo/deleteDocument', { id: report }));
    expect((await tagsOf()).isLowCarbon).toBe(false);
    ok(await post('/materials/productInfo/deleteDocument', { id: cert }));
    expect(await tagsOf()).toMatchObject({ isGreen: false, starRating: null });
    // An expired certificate gives no green tag.
    ok(
      await post(
        '/materials/productInfo/addDocument',
        greenCert(id, upload, { validFrom: addDays(today, -800), validUntil: addDays(today, -1) }),
      ),
    );
    expect((await tagsOf()).isGreen).toBe(false);
  });

  it('a certificate past its validity drops the green tag by itself; the sweep then stores it', async () => {
    const id = await createProduct({ name: '即将过期测试产品' });
    const upload = await uploadPdf();
    ok(await post('/materials/productInfo/addDocument', greenCert(id, upload)));
    // Simulate time passing: the certificate ended yesterday, and no recompute has run yet.
    await server.database.db
      .update(productDocuments)
      .set({ validUntil: addDays(today, -1) })
      .where(eq(productDocuments.productId, id));
    await server.database.db
      .update(products)
      .set({ greenValidUntil: addDays(today, -1) })
      .where(eq(products.id, id));
    const detail = ok(await get(`/materials/bmProduct/getProductInfoById/${id}`));
    expect(detail.tags).toMatchObject({ isGreen: false, starRating: null });
    expect(detail.documents[0].valid).toBe(false);
    const green = ok(await post('/materials/bmProduct/getProdutInfoList', { isGreen: true, materialName: '即将过期' }));
    expect(green.total).toBe(0);
    const result = await runCertificateExpirySweep(server.database.db);
    expect(result.recomputed).toBeGreaterThanOrEqual(1);
    const [row] = await server.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ isGreen: false, starRating: null, greenValidUntil: null });
  });

  it('sends the expiry notice 90 days ahead, once per document', async () => {
    const id = await createProduct({ name: '到期提醒测试产品' });
    const upload = await uploadPdf();
    ok(await post('/materials/productInfo/addDocument', greenCert(id, upload, { validUntil: addDays(today, 120) })));
    const notices = async () =>
      (
        await server.database.db
          .select()
          .from(messages)
          .where(and(eq(messages.title, EXPIRY_NOTICE_TITLE), eq(messages.toUid, await userIdOf(server, MAKER))))
      ).filter((m) => m.content.includes('到期提醒测试产品'));
    await runCertificateExpirySweep(server.database.db, today);
    expect(await notices()).toHaveLength(0);
    await runCertificateExpirySweep(server.database.db, addDays(today, 30));
    expect(await notices()).toHaveLength(1);
    await runCertificateExpirySweep(server.database.db, addDays(today, 31));
    expect(await notices()).toHaveLength(1);
    // Staff of the manufacturer are told too; the other manufacturer is not.
    const staffNotices = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.title, EXPIRY_NOTICE_TITLE), eq(messages.toUid, await userIdOf(server, STAFF))));
    expect(staffNotices.some((m) => m.content.includes('到期提醒测试产品'))).toBe(true);
    const [doc] = await server.database.db.select().from(productDocuments).where(eq(productDocuments.productId, id));
    expect(doc?.expiryNoticeAt).toBeInstanceOf(Date);
  });

  it('government procurement follows a listed listing meeting the demand standard', async () => {
    const id = await createProduct({ name: '政府采购测试产品' });
    await addListing(id, ListingStatus.LISTED, '320100', true);
    const { recomputeProductTags } = await import('./product-tags.ts');
    await server.database.db.transaction((tx) => recomputeProductTags(tx, id));
    expect(ok(await get(`/materials/bmProduct/getProductInfoById/${id}`)).tags.isGovProcurement).toBe(true);
    expect(ok(await post('/materials/bmProduct/getProdutInfoList', { isGovProcurement: true })).list[0].id).toBe(id);
  });
});

describe('product details and the open call', () => {
  it('shows only published products (enabled and listed) to others, and the full record to the owner', async () => {
    const id = await createProduct({ name: '公开展示测试产品' });
    const upload = await uploadPdf();
    ok(await post('/materials/productInfo/addDocument', greenCert(id, upload)));
    ok(await post('/materials/productInfo/addDocument', { productId: id, kind: 2, uploadId: upload, name: '碳足迹' }));
    for (const [status, name] of [
      [1, '在售规格'],
      [2, '停售规格'],
    ] as const) {
      ok(
        await post('/materials/productSpecificationsModel/update', {
          productId: id,
          name,
          model: 'X',
          unitId: 32,
          price: '99.90',
          minOrder: '1.5',
          status,
        }),
      );
    }
    const open = (who: string | null = null) =>
      server.call('GET', `/open/materials/bmProduct/getProductInfoById/${id}`, {}, who ? tokens[who] : null);
    expectStatus(await open(), 404, 40400);
    expectStatus(await get(`/materials/bmProduct/getProductInfoById/${id}`, null), 404, 40400);
    expectStatus(await get(`/materials/bmProduct/getProductInfoById/${id}`, OTHER_MAKER), 404, 40400);
    await addListing(id, ListingStatus.PLATFORM_AUDIT, '320500');
    expectStatus(await open(), 404, 40400);
    await addListing(id, ListingStatus.LISTED, '320100');

    const view = ok(await open());
    expect(view).toMatchObject({
      view: 'public',
      name: '公开展示测试产品',
      company: { name: '南京绿筑新型建材有限公司' },
      tags: { isGreen: true, starRating: 2, isLowCarbon: true },
      cities: [{ cityCode: '320100', cityName: '南京市' }],
      classifyPath: [
        { code: '01', name: '围护结构及混凝土类' },
        { code: '0104', name: '砌体材料' },
      ],
    });
    expect(view.specs.map((s: { name: string }) => s.name)).toEqual(['在售规格']);
    expect(view.specs[0]).toMatchObject({ price: '99.90', minOrder: '1.5', unitName: '立方米' });
    expect(view.certificates).toEqual([
      expect.objectContaining({
        certNo: 'TEST-0001',
        issuer: '测试认证中心',
        starRating: 2,
        valid: true,
        statusName: '有效',
      }),
    ]);
    expect(view.reports).toEqual([{ kind: 2, kindName: '碳足迹报告', name: '碳足迹' }]);
    expect(view).not.toHaveProperty('documents');

    // Others (with or without a token) get the public view; the owner the full one.
    expect(ok(await get(`/materials/bmProduct/getProductInfoById/${id}`, null)).view).toBe('public');
    expect(ok(await get(`/materials/bmProduct/getProductInfoById/${id}`, OTHER_MAKER)).view).toBe('public');
    const full = ok(await get(`/materials/bmProduct/getProductInfoById/${id}`, STAFF));
    expect(full.view).toBe('full');
    expect(full.specs).toHaveLength(2);
    expect(full.listings.map((l: { statusName: string }) => l.statusName).sort()).toEqual(
      ['已入库', '平台审核中'].sort(),
    );
    // A token that no longer works reads as anonymous.
    const stale = await server.call('GET', `/materials/bmProduct/getProductInfoById/${id}`, {}, 'not-a-token');
    expect(ok(stale).view).toBe('public');
    expect(ok(await get(`/materials/bmProduct/getProductTypeById/${id}`, OTHER_MAKER)).path).toHaveLength(2);

    // Disabled: no longer public.
    ok(await post('/materials/bmProduct/setProductEnableStatus', { id, enableStatus: 2 }, STAFF));
    expectStatus(await open(), 404, 40400);
    expect(ok(await get(`/materials/bmProduct/getProductInfoById/${id}`)).enableStatusName).toBe('停用');
    expectInvalid(await post('/materials/bmProduct/setProductEnableStatus', { id, enableStatus: 3 }), 'enableStatus');
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expectStatus(await get('/open/materials/bmProduct/getProductInfoById/999999', null), 404, 40400);
    expectInvalid(await get('/open/materials/bmProduct/getProductInfoById/abc', null), 'id');
    expectInvalid(await get('/materials/bmProduct/getProductInfoById/0'), 'id');
  });
});

describe('delete and correct after rejection', () => {
  it('refuses to delete a product whose listing went beyond draft (409)', async () => {
    const draft = await createProduct({ name: '草稿入库产品' });
    await addListing(draft, ListingStatus.DRAFT);
    ok(await post('/materials/bmProduct/deleteProductInfo', { id: draft }));
    const submitted = await createProduct({ name: '已提交入库产品' });
    await addListing(submitted, ListingStatus.PLATFORM_AUDIT);
    expectStatus(await post('/materials/bmProduct/deleteProductInfo', { id: submitted }), 409, 40900);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(draft))));
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('againUpdate corrects a product after a rejection, and is refused without one', async () => {
    const id = await createProduct({ name: '驳回修正产品' });
    expectStatus(
      await post('/materials/productInfo/againUpdate', newProduct({ id, name: '驳回修正产品' })),
      409,
      40900,
    );
    expectInvalid(await post('/materials/productInfo/againUpdate', newProduct({ name: '无编号' })), 'id');
    await addListing(id, ListingStatus.CITY_REJECTED);
    ok(await post('/materials/productInfo/againUpdate', newProduct({ id, name: '驳回修正产品（已修正）' }), STAFF));
    const [row] = await server.database.db.select().from(products).where(eq(products.id, id));
    expect(row?.name).toBe('驳回修正产品（已修正）');
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'again_update')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ changed: ['name'] });
  });

  it('selectProductByNameAndCompanyId finds the caller’s products by name; another company gets nothing', async () => {
    const me = await orgIdOf('南京绿筑新型建材有限公司');
    const other = await orgIdOf('苏州新材科技有限公司');
    const found = ok(
      await post('/materials/productInfo/selectProductByNameAndCompanyId', { name: '陶瓷薄板', companyId: me }),
    );
    expect(found.map((p: { name: string }) => p.name)).toEqual(['陶瓷薄板']);
    expect(
      ok(await post('/materials/productInfo/selectProductByNameAndCompanyId', { name: '陶瓷薄板', companyId: other })),
    ).toEqual([]);
    expectInvalid(await post('/materials/productInfo/selectProductByNameAndCompanyId', { name: '' }), 'name');
  });
});

describe('specification models', () => {
  it('create, list with paging, details, relation info, per-product list, batch update and delete', async () => {
    const productId = await createProduct({ name: '规格测试产品' });
    const ids: number[] = [];
    for (let i = 1; i <= 3; i += 1) {
      ids.push(
        ok(
          await post('/materials/productSpecificationsModel/update', {
            productId,
            name: `规格${i}`,
            model: `M${i}`,
            unitId: 8,
            price: `${i}0.5`,
            minOrder: 10,
          }),
        ).id,
      );
    }
    const page = ok(await post('/materials/productSpecificationsModel/list', { productId, take: 2, skip: 1 }));
    expect(page.total).toBe(3);
    expect(page.list.map((s: { id: number }) => s.id)).toEqual(ids.slice(1));
    expect(ok(await post('/materials/productSpecificationsModel/details', { id: ids[0] }))).toMatchObject({
      name: '规格1',
      unitName: '块',
      price: '10.50',
      minOrder: '10',
      statusName: '在售',
    });
    expect(ok(await get(`/materials/productSpecificationsModel/relationInfo/${ids[0]}`)).product).toMatchObject({
      id: productId,
      name: '规格测试产品',
      classifyName: '砌体材料',
    });
    ok(
      await post('/materials/productSpecificationsModel/update', {
        id: ids[0],
        productId,
        name: '规格1改',
        model: 'M1',
        unitId: 31,
        price: 11,
        minOrder: 5,
        status: 2,
      }),
    );
    expect(ok(await post('/materials/productSpecificationsModel/details', { id: ids[0] }))).toMatchObject({
      name: '规格1改',
      status: 2,
      price: '11.00',
    });
    const batch = ok(
      await post('/materials/productSpecificationsModel/batchUpdate', {
        ids: [ids[1], ids[2]],
        price: '8.8',
        status: 2,
      }),
    );
    expect(batch.updated).toBe(2);
    const all = ok(await post('/materials/productSpecificationsModel/detailsByProductInfoId', { productId }));
    expect(all.map((s: { price: string; status: number }) => [s.price, s.status])).toEqual([
      ['11.00', 2],
      ['8.80', 2],
      ['8.80', 2],
    ]);
    expectInvalid(await post('/materials/productSpecificationsModel/batchUpdate', { ids: [ids[1]] }), 'price');
    expectInvalid(await post('/materials/productSpecificationsModel/batchUpdate', { ids: [] }), 'ids');
    // A spec of another organisation in the batch: 404 and nothing changes.
    const foreignProduct = await createProduct({ name: '外企规格产品' }, OTHER_MAKER);
    const foreign = ok(
      await post(
        '/materials/productSpecificationsModel/update',
        { productId: foreignProduct, name: 'x', model: 'x', unitId: 8, price: 1, minOrder: 1 },
        OTHER_MAKER,
      ),
    ).id;
    expectStatus(
      await post('/materials/productSpecificationsModel/batchUpdate', { ids: [ids[1], foreign], status: 1 }),
      404,
      40400,
    );
    expect(ok(await post('/materials/productSpecificationsModel/details', { id: ids[1] })).status).toBe(2);

    const grouped = ok(await post('/materials/productSpecificationsModel/productDetailList'));
    expect(grouped.find((g: { id: number }) => g.id === productId).specs).toHaveLength(3);
    expect(grouped.some((g: { id: number }) => g.id === foreignProduct)).toBe(false);

    ok(await get(`/materials/productSpecificationsModel/delete/${ids[2]}`));
    expectStatus(await post('/materials/productSpecificationsModel/details', { id: ids[2] }), 404, 40400);
    // Moving a specification to another product is refused.
    const otherProduct = await createProduct({ name: '另一个产品' });
    expectInvalid(
      await post('/materials/productSpecificationsModel/update', {
        id: ids[0],
        productId: otherProduct,
        name: 'x',
        model: 'x',
        unitId: 8,
        price: 1,
        minOrder: 1,
      }),
      'productId',
    );
  });
});

describe('mass per unit (transport carbon)', () => {
  const save = (body: Record<string, unknown>) =>
    post('/materials/productSpecificationsModel/update', {
      name: '标准',
      model: 'M1',
      unitId: 32,
      price: '320.00',
      minOrder: 1,
      ...body,
    });
  const details = async (id: number) => ok(await post('/materials/productSpecificationsModel/details', { id }));

  it('is stored with up to four decimals, kept when an update leaves it out, cleared by null', async () => {
    const productId = await createProduct({ name: '质量测试砌块' });
    const none = ok(await save({ productId })).id;
    expect((await details(none)).massPerUnitKg).toBeNull();
    const id = ok(await save({ productId, massPerUnitKg: '600' })).id;
    expect((await details(id)).massPerUnitKg).toBe('600');
    ok(await save({ id, productId, massPerUnitKg: 9.6125 }));
    expect((await details(id)).massPerUnitKg).toBe('9.6125');
    // A client that does not know the field (the materials API's older callers) does not wipe it.
    ok(await save({ id, productId, price: '330.00' }));
    expect(await details(id)).toMatchObject({ massPerUnitKg: '9.6125', price: '330.00' });
    ok(await save({ id, productId, massPerUnitKg: '' }));
    expect((await details(id)).massPerUnitKg).toBeNull();
    ok(await save({ id, productId, massPerUnitKg: 2500 }));
    ok(await save({ id, productId, massPerUnitKg: null }));
    expect((await details(id)).massPerUnitKg).toBeNull();
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product_spec'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => (a.detail as { massPerUnitKg?: unknown }).massPerUnitKg)).toEqual([
      '600',
      '9.6125',
      undefined,
      null,
      '2500',
      null,
    ]);
  });

  it('refuses a mass that is not a positive number of at most four decimals within the limit', async () => {
    const productId = await createProduct({ name: '质量校验砌块' });
    for (const bad of [0, -1, '1.23456', 1_000_001, 'abc', '1e3', true]) {
      expectInvalid(await save({ productId, massPerUnitKg: bad }), 'massPerUnitKg');
    }
    expect(ok(await save({ productId, massPerUnitKg: 1_000_000 })).id).toBeGreaterThan(0);
  });

  it('of a listed product takes effect at once (it is no approved fact), and stays out of the public view', async () => {
    const productId = await createProduct({ name: '质量已上架砌块' });
    const id = ok(await save({ productId, massPerUnitKg: '600' })).id;
    await addListing(productId, ListingStatus.LISTED);
    // Renaming waits for the revision's approval; the mass changes now.
    const saved = ok(await save({ id, productId, name: '标准改名', massPerUnitKg: '625' }));
    expect(saved.pendingFields).toEqual(['name']);
    expect(await details(id)).toMatchObject({ name: '标准', massPerUnitKg: '625' });
    const open = ok(await server.call('GET', `/open/materials/bmProduct/getProductInfoById/${productId}`, {}, null));
    expect(open.view).toBe('public');
    expect(open.specs[0]).not.toHaveProperty('massPerUnitKg');
  });
});

describe('classification and reference calls', () => {
  it('answers the tree, a subtree, the city counts, audit types and the qualification drop-down data', async () => {
    const tree = ok(await post('/materials/show/getBuildingMaterialsClassifyList'));
    expect(tree[0]).toMatchObject({ code: '01', name: '围护结构及混凝土类' });
    const sub = ok(await get('/materials/bm-business-type-classify/getTreeProductType/02'));
    expect(sub).toHaveLength(1);
    expect(sub[0].children.length).toBeGreaterThan(5);
    expect(ok(await get('/materials/bm-business-type-classify/getTreeProductType/0208'))).toEqual([
      { code: '0208', name: '建筑陶瓷' },
    ]);
    expectStatus(await get('/materials/bm-business-type-classify/getTreeProductType/9999'), 404, 40400);

    const counts = ok(await get('/materials/bm-business-type-classify/getBusinessBuildingByCityId/320100'));
    const category = counts.find((c: { code: string }) => c.code === '01');
    expect(category.productCount).toBe(
      category.children.reduce((n: number, c: { productCount: number }) => n + c.productCount, 0),
    );
    expect(category.productCount).toBeGreaterThanOrEqual(1);
    expectStatus(await get('/materials/bm-business-type-classify/getBusinessBuildingByCityId/999999'), 404, 40400);
    expectInvalid(await get('/materials/bm-business-type-classify/getBusinessBuildingByCityId/32'), 'id');

    const audit = ok(await get('/materials/bmProduct/getProductAuditTypes'));
    expect(audit).toContainEqual({ value: 3, label: '已入库', enLabel: 'Listed' });

    const drop = ok(await get('/materials/show/getQualificationDropDatas'));
    expect(drop.documentKinds.map((k: { value: number }) => k.value)).toEqual([1, 2, 3, 4, 5]);
    expect(drop.starRatings.map((k: { value: number }) => k.value)).toEqual([1, 2, 3]);
    expect(drop.issuers).toContain('华夏绿色建材认证中心有限公司');
  });
});
