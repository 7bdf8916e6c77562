import { procurementRegionEndpoints as api, ListingStatus, OrgType } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { listings } from '../../db/schema/index.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { addEvidencedProduct } from './procurement.summary.test-support.ts';

/**
 * The public region calls on the demo data plus seeded suppliers: counts per district of Nanjing (320100) against
 * listings written here, without a session; the class and green filters; bad codes 400.
 */

let server: TestServer;
const { call, callRaw } = callsAs(() => server, {});
let before: Map<string, number>;
let pukou = { orgId: 0, userId: 0 };

const counts = async (body: { cityCode: string; classifyCode?: string; isGreen?: boolean }) =>
  new Map(ok(await call(null, api.getRegionDistrictTree, body)).districts.map((d) => [d.code, d.productCount]));

beforeAll(async () => {
  server = await startTestServer();
  before = await counts({ cityCode: '320100' });
  // A supplier in 浦口区 (320111) with two products listed in Nanjing (one a pipe, 0409) and one listed only in Suzhou,
  // and one whose listing is still under review.
  const db = server.database.db;
  pukou = await addOrgWithUser(server, {
    name: '浦口测试建材',
    type: OrgType.MANUFACTURER,
    regionCode: '320111',
    mobile: '13900000061',
  });
  const list = async (classifyCode: string, cityCode: string, status: number = ListingStatus.LISTED) => {
    const p = await addEvidencedProduct(db, { ...pukou, name: `浦口产品${classifyCode}`, classifyCode });
    await db
      .insert(listings)
      .values({ productId: p.productId, orgId: pukou.orgId, cityCode, status, createdBy: pukou.userId });
    return p;
  };
  await list('0409', '320100');
  await list('0106', '320100');
  await list('0106', '320500');
  await list('0107', '320100', ListingStatus.CITY_AUDIT);
});
afterAll(() => server?.stop());

describe('getRegionDistrictTree', () => {
  it('counts qualifying products and suppliers per district, most first, without a session', async () => {
    const res = ok(await call(null, api.getRegionDistrictTree, { cityCode: '320100' }));
    expect(res.city).toEqual({ code: '320100', name: '南京市', provinceName: '江苏省' });
    const pk = res.districts.find((d) => d.code === '320111');
    expect(pk).toEqual({
      code: '320111',
      name: '浦口区',
      productCount: (before.get('320111') ?? 0) + 2,
      supplierCount: 1,
    });
    expect(res.districts.length).toBe(11);
    const sorted = [...res.districts].sort((a, b) => b.productCount - a.productCount || a.code.localeCompare(b.code));
    expect(res.districts).toEqual(sorted);
    expect(res.productCount).toBe(res.districts.reduce((s, d) => s + d.productCount, 0) + res.elsewhereProductCount);
  });

  it('filters by class (the class and below) and by green', async () => {
    const pipes = await counts({ cityCode: '320100', classifyCode: '04' });
    expect(pipes.get('320111')).toBe(1);
    const green = await counts({ cityCode: '320100', isGreen: true });
    expect(green.get('320111')).toBe(0);
    const notGreen = await counts({ cityCode: '320100', isGreen: false });
    expect(notGreen.get('320111')).toBe(2);
  });

  it('refuses a code that is not a city (400)', async () => {
    expect(fieldsOf(await callRaw(null, api.getRegionDistrictTree, { cityCode: '32' }))).toHaveProperty('cityCode');
    expect(fieldsOf(await call(null, api.getRegionDistrictTree, { cityCode: '320106' }))).toEqual({
      cityCode: '城市不存在',
    });
    expect(
      fieldsOf(await callRaw(null, api.getRegionDistrictTree, { cityCode: '320100', isGreen: 'maybe' })),
    ).toHaveProperty('isGreen');
  });
});

describe('getOpenRegionDistrictDetails', () => {
  it('lists the district’s suppliers with their qualifying products, without a session', async () => {
    const res = ok(await call(null, api.getOpenRegionDistrictDetails, { regionCode: '320111' }));
    expect(res.district).toEqual({ code: '320111', name: '浦口区', cityCode: '320100', cityName: '南京市' });
    const s = res.suppliers.find((x) => x.orgId === pukou.orgId);
    expect(s?.products.map((p) => p.classifyCode).sort()).toEqual(['0106', '0409']);
    expect(s?.products.every((p) => !p.isGreen)).toBe(true);
    const pipes = ok(
      await call(null, api.getOpenRegionDistrictDetails, { regionCode: '320111', classifyCode: '0409' }),
    );
    expect(pipes.suppliers.find((x) => x.orgId === pukou.orgId)?.products).toHaveLength(1);
  });

  it('refuses a code that is not a district (400)', async () => {
    expect(fieldsOf(await call(null, api.getOpenRegionDistrictDetails, { regionCode: '320100' }))).toHaveProperty(
      'regionCode',
    );
    expect(fieldsOf(await call(null, api.getOpenRegionDistrictDetails, { regionCode: '329999' }))).toEqual({
      regionCode: '区县不存在',
    });
  });
});
