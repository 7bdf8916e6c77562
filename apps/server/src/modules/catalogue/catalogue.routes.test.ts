import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { organizations } from '../../db/schema/index.ts';
import { uploadFile } from '../organization/test-support.ts';
import { insertProduct, orgOfMobile } from './catalogue.test-support.ts';

let server: TestServer;
const ids: Record<string, number> = {};
const SEARCH = '/open/materials/show/getCityProductList';
// A 1×1 PNG: the file module recognises it by its first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const search = (params: Record<string, unknown>) => server.call('POST', SEARCH, { cityCode: '320100', ...params });
const namesOf = (res: { body: { data: { list: { name: string }[] } } }) => res.body.data.list.map((p) => p.name).sort();

beforeAll(async () => {
  server = await startTestServer();
  const maker = await orgOfMobile(server, '13800000001');
  const other = await orgOfMobile(server, '13800000008');
  const token = await server.login('13800000001');
  const upload = await uploadFile(server, token, 'rock.png', PNG, 'image/png');
  const imageId = upload.body.data.id as number;
  ids.imageId = imageId;
  ids.listed = await insertProduct(server, {
    orgId: maker,
    name: '目录测试岩棉板甲',
    green: 'valid',
    starRating: 3,
    images: [imageId],
    cities: { '320100': { gov: true }, '330100': {} },
  });
  ids.notGreen = await insertProduct(server, {
    orgId: other,
    name: '目录测试岩棉板乙',
    green: 'valid',
    cities: { '320100': { notGreen: true } },
  });
  ids.disabled = await insertProduct(server, {
    orgId: maker,
    name: '目录测试岩棉板丙',
    enabled: false,
    images: [imageId],
    cities: { '320100': {} },
  });
  ids.pending = await insertProduct(server, {
    orgId: maker,
    name: '目录测试岩棉板丁',
    images: [imageId],
    cities: { '320100': { status: 2 } },
  });
  ids.expired = await insertProduct(server, {
    orgId: maker,
    name: '目录测试岩棉板戊',
    green: 'expired',
    classifyCode: '0104',
    cities: { '320100': {} },
  });
  ids.wildcard = await insertProduct(server, { orgId: maker, name: '目录测试100%_纯', cities: { '320100': {} } });
  // 23 products listed at the same moment: paging must still be stable (ties broken by listing id).
  const same = new Date('2026-01-01T00:00:00Z');
  for (let i = 0; i < 23; i++) {
    await insertProduct(server, { orgId: maker, name: `分页测试产品${i}`, cities: { '320100': { listedAt: same } } });
  }
});
afterAll(async () => {
  await server?.stop();
});

describe('access', () => {
  it('needs no session but must be signed', async () => {
    const ok = await search({ materialName: '目录测试' });
    expect(ok.status).toBe(200);
    expect(ok.body.code).toBe(200);
    const unsigned = await server.app.inject({ method: 'POST', url: SEARCH, payload: { cityCode: '320100' } });
    expect(unsigned.statusCode).toBe(400);
    expect(JSON.parse(unsigned.body).code).toBe(10001);
  });

  it('answers 404 for a city the platform has not opened, 400 for bad input', async () => {
    expect((await search({ cityCode: '110100' })).status).toBe(404);
    const bad = await search({ take: 51, starRating: 4 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['starRating', 'take']);
  });
});

describe('getCityProductList', () => {
  it('shows only LISTED listings of enabled products', async () => {
    const res = await search({ materialName: '目录测试岩棉板' });
    expect(namesOf(res)).toEqual(['目录测试岩棉板乙', '目录测试岩棉板戊', '目录测试岩棉板甲']);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.totalCapped).toBe(false);
  });

  it('answers the item with tags, company, classification, price and image', async () => {
    const res = await search({ materialName: '岩棉板甲' });
    expect(res.body.data.list).toHaveLength(1);
    expect(res.body.data.list[0]).toMatchObject({
      id: ids.listed,
      name: '目录测试岩棉板甲',
      brand: '测试品牌',
      companyName: '南京绿筑新型建材有限公司',
      classifyCode: '0105',
      classifyName: '保温系统材料',
      tags: { isGreen: true, starRating: 3, isGovProcurement: true, isLowCarbon: false, isPrefabricated: false },
      minPrice: '88.00',
      unitName: '平方米',
      imageId: ids.imageId,
    });
  });

  it('green in a city: a valid certificate, and not marked not green there', async () => {
    expect(namesOf(await search({ materialName: '目录测试岩棉板', isGreen: true }))).toEqual(['目录测试岩棉板甲']);
    expect(namesOf(await search({ materialName: '目录测试岩棉板', isGreen: 'false' }))).toEqual([
      '目录测试岩棉板乙',
      '目录测试岩棉板戊',
    ]);
    const notGreen = await search({ materialName: '岩棉板乙' });
    expect(notGreen.body.data.list[0].tags).toMatchObject({ isGreen: false, starRating: null });
    expect(namesOf(await search({ materialName: '目录测试', starRating: 3 }))).toEqual(['目录测试岩棉板甲']);
  });

  it('combines the fragment with the other filters', async () => {
    expect(namesOf(await search({ materialName: '目录测试', isGovProcurement: true }))).toEqual(['目录测试岩棉板甲']);
    expect(namesOf(await search({ materialName: '目录测试', classifyCode: '0104' }))).toEqual(['目录测试岩棉板戊']);
    expect(namesOf(await search({ materialName: '目录测试', classifyCode: '01', isGreen: false }))).toContain(
      '目录测试岩棉板戊',
    );
    expect(namesOf(await search({ materialName: '目录测试', isPrefabricated: true }))).toEqual([]);
    // The same product in another city: only what is listed there.
    expect(namesOf(await search({ cityCode: '330100', materialName: '目录测试' }))).toEqual(['目录测试岩棉板甲']);
  });

  it('takes % and _ literally', async () => {
    expect(namesOf(await search({ materialName: '100%_' }))).toEqual(['目录测试100%_纯']);
    expect(namesOf(await search({ materialName: '_' }))).toEqual(['目录测试100%_纯']);
    expect((await search({ materialName: '%%' })).body.data.total).toBe(0);
  });

  it('pages stably: no duplicates, nothing skipped, even when listed at the same moment', async () => {
    const seen: number[] = [];
    for (let skip = 0; skip < 30; skip += 10) {
      const res = await search({ materialName: '分页测试产品', take: 10, skip });
      expect(res.body.data.total).toBe(23);
      seen.push(...res.body.data.list.map((p: { listingId: number }) => p.listingId));
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    // Same-moment ties come by listing id, newest first.
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('follows every change of a listed product: name, class, tags, certificate, enable status', async () => {
    const maker = await orgOfMobile(server, '13800000001');
    const id = await insertProduct(server, { orgId: maker, name: '跟随测试板', cities: { '320100': {} } });
    const change = (set: ReturnType<typeof sql>) =>
      server.database.db.execute(sql`update products set ${set} where id = ${id}`);
    const found = async (params: Record<string, unknown>) =>
      (await search({ materialName: '跟随测试', ...params })).body.data.list.map((p: { id: number }) => p.id);

    await change(sql`name = '跟随测试改名板', classify_code = '0104', is_prefabricated = true, recommended = true`);
    expect(
      await found({ materialName: '改名板', classifyCode: '0104', isPrefabricated: true, isRecommend: true }),
    ).toEqual([id]);
    expect(await found({ materialName: '跟随测试板' })).toEqual([]);

    await change(sql`is_green = true, star_rating = 2, green_valid_until = current_date + 30, is_low_carbon = true`);
    expect(await found({ isGreen: true, starRating: 2, isLowCarbon: true })).toEqual([id]);
    // The certificate's validity ends: the green tag goes with it, without any other write.
    await change(sql`green_valid_until = current_date - 1`);
    expect(await found({ isGreen: true })).toEqual([]);
    expect(await found({ isGreen: false })).toEqual([id]);

    await change(sql`enable_status = 2`);
    expect(await found({})).toEqual([]);
    await change(sql`enable_status = 1`);
    expect(await found({})).toEqual([id]);
  });
});

describe('region calls', () => {
  it('getRegionTree: opened cities by province with their listed products', async () => {
    const res = await server.call('POST', '/open/materials/show/getRegionTree');
    expect(res.body.code).toBe(200);
    const jiangsu = res.body.data.find((p: { code: string }) => p.code === '320000');
    const nanjing = jiangsu.children.find((c: { code: string }) => c.code === '320100');
    expect(nanjing).toMatchObject({ name: '南京市', letter: 'nj' });
    expect(nanjing.productCount).toBeGreaterThanOrEqual(27);
  });

  it('getOpenRegionDetails: the city, its committee and counts', async () => {
    const res = await server.call('POST', '/open/materials/show/getOpenRegionDetails', { cityCode: '320100' });
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    expect(d.city).toMatchObject({ code: '320100', name: '南京市', provinceName: '江苏省', letter: 'nj' });
    expect(d.committee.name).toBe('南京市城乡建设委员会');
    expect(d.productCount).toBeGreaterThanOrEqual(27);
    expect(d.manufacturerCount).toBeGreaterThanOrEqual(2);
    const envelope = d.classifications.find((c: { code: string }) => c.code === '01');
    expect(envelope.productCount).toBe(
      envelope.children.reduce((n: number, c: { productCount: number }) => n + c.productCount, 0),
    );
    expect(envelope.children.find((c: { code: string }) => c.code === '0104').productCount).toBeGreaterThanOrEqual(1);
    expect(
      (await server.call('POST', '/open/materials/show/getOpenRegionDetails', { cityCode: '999999' })).status,
    ).toBe(404);
  });
});

describe('product images', () => {
  const image = (productId: number, uploadId: number) =>
    server.app.inject({ method: 'GET', url: `/open/materials/show/productImage/${productId}/${uploadId}` });

  it('serves an image of a published product without signature or session', async () => {
    const res = await image(ids.listed as number, ids.imageId as number);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toContain('public');
  });

  it('answers 404 for unpublished products and for uploads the product does not name', async () => {
    expect((await image(ids.disabled as number, ids.imageId as number)).statusCode).toBe(404);
    expect((await image(ids.pending as number, ids.imageId as number)).statusCode).toBe(404);
    expect((await image(ids.expired as number, ids.imageId as number)).statusCode).toBe(404);
    expect((await image(ids.listed as number, 999999)).statusCode).toBe(404);
    expect((await image(ids.listed as number, 0)).statusCode).toBe(400);
  });
});

describe('answer cache (catalogue.cache.ts)', () => {
  it('answers the next question after a change of any table it reads from the new data', async () => {
    const maker = await orgOfMobile(server, '13800000001');
    const id = await insertProduct(server, {
      orgId: maker,
      name: '缓存测试板',
      price: '10.00',
      cities: { '320100': {} },
    });
    const item = async () => (await search({ materialName: '缓存测试板' })).body.data.list[0];
    const db = server.database.db;
    expect((await item()).minPrice).toBe('10.00');
    expect((await item()).minPrice).toBe('10.00');
    await db.execute(sql`update product_specs set price = 9.5 where product_id = ${id}`);
    expect((await item()).minPrice).toBe('9.50');
    const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, maker));
    const name = org?.name ?? '';
    await db.execute(sql`update organizations set name = ${`${name}（新）`} where id = ${maker}`);
    try {
      expect((await item()).companyName).toBe(`${name}（新）`);
    } finally {
      await db.execute(sql`update organizations set name = ${name} where id = ${maker}`);
    }
    await db.execute(sql`update product_listings set status = 6 where product_id = ${id}`);
    expect(await item()).toBeUndefined();
  });
});
