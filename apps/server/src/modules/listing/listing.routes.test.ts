import { signParams } from '@jcbb/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, listings, messages, products, users } from '../../db/schema/index.ts';
import { tinyPdf } from '../../db/seed/demo-products.ts';
import { createFileService } from '../file/index.ts';

const BASE = '/materials/products-settled-in-cities';
const LOG = '/materials/bm-product-audit-log';
const NANJING = '320100';
const HANGZHOU = '330100';

const ADMIN = '13800000000';
const MAKER = '13800000001';
const STAFF = '13800000009';
const OTHER_MAKER = '13800000008';
const CITY = '13800000006';
const DEALER = '13800000002';

let server: TestServer;
const people = new Map<string, { id: number; orgId: number | null; token: string }>();
const who = (mobile: string) => people.get(mobile) as { id: number; orgId: number | null; token: string };

function post(url: string, mobile: string, body: Record<string, unknown> = {}) {
  return server.call('POST', url, body, who(mobile).token);
}
function ok(res: Awaited<ReturnType<typeof post>>, code = 200) {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.code, res.raw).toBe(code);
  return res.body.data;
}
function expectStatus(res: Awaited<ReturnType<typeof post>>, status: number) {
  expect(res.status, res.raw).toBe(status);
  expect(res.body.msg).toMatch(/\p{Script=Han}/u);
}

/** A product of the organisation of `mobile`, made directly in the database (the product module is not under test). */
async function product(mobile: string, name: string, enableStatus = 1) {
  const [row] = await server.database.db
    .insert(products)
    .values({ orgId: who(mobile).orgId as number, name, classifyCode: '0101', enableStatus, createdBy: who(mobile).id })
    .returning({ id: products.id });
  return (row as { id: number }).id;
}

async function upload(mobile: string, name: string) {
  const files = createFileService({ db: server.database.db, config: server.config });
  const u = who(mobile);
  const stored = await files.store(
    {
      userId: u.id,
      orgId: u.orgId,
      sessionId: 0,
      appCode: 'jcbb',
      mobile,
      username: '',
      realName: null,
      orgType: 6,
      roles: [],
    },
    name,
    tinyPdf([name]),
  );
  return stored.id;
}

async function inbox(mobile: string) {
  return server.database.db
    .select({ title: messages.title, targetUrl: messages.targetUrl, channel: messages.channelNo })
    .from(messages)
    .where(eq(messages.toUid, who(mobile).id));
}

/** The demo form of Nanjing (made by the platform administrator through the API in beforeAll). */
const form = {
  groupId: 0,
  green: 0,
  yes: 0,
  no: 0,
  carbon: 0,
  scene: 0,
  scenePublic: 0,
  sceneHome: 0,
  report: 0,
  standard: 0,
};
let hzGroup = 0;
let hzElement = 0;
let reportFile = 0;

function fullValues(over: Record<number, Record<string, unknown>> = {}) {
  const base: Record<number, Record<string, unknown>> = {
    [form.green]: { propertyValue: String(form.yes) },
    [form.carbon]: { propertyValue: '25' },
    [form.scene]: { propertyArrayValue: [String(form.sceneHome), String(form.scenePublic)] },
    [form.report]: { resourceValue: [reportFile] },
    [form.standard]: { propertyValue: 'GB/T 11968-2020' },
    ...over,
  };
  return Object.entries(base).map(([elementId, v]) => ({ elementId: Number(elementId), ...v }));
}

async function createElement(body: Record<string, unknown>) {
  return ok(await post('/api/admin/elements', ADMIN, body), 0);
}

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.database.db.select({ id: users.id, orgId: users.orgId, mobile: users.mobile }).from(users);
  for (const r of rows) people.set(r.mobile, { id: r.id, orgId: r.orgId, token: await server.login(r.mobile) });

  // Start from forms of our own: whatever demo groups exist are disabled.
  const existing = ok(await server.call('GET', '/api/admin/elements/groups', {}, who(ADMIN).token), 0);
  for (const g of existing) {
    ok(await post(`/api/admin/elements/groups/${g.id}/use-status`, ADMIN, { useStatus: 2 }), 0);
  }
  const group = ok(await post('/api/admin/elements/groups', ADMIN, { cityCode: NANJING, name: '南京市需求标准' }), 0);
  form.groupId = group.id;
  const green = await createElement({
    groupId: group.id,
    name: '是否获得绿色建材认证',
    displayType: 3,
    required: 1,
    govProcurement: true,
    options: [{ label: '是', meetsStandard: true }, { label: '否' }],
  });
  form.green = green.id;
  form.yes = green.elementEnumList[0].enumId;
  form.no = green.elementEnumList[1].enumId;
  form.carbon = (
    await createElement({
      groupId: group.id,
      name: '再生原料掺量(%)',
      displayType: 1,
      govProcurement: true,
      standardMin: 20,
    })
  ).id;
  const scene = await createElement({
    groupId: group.id,
    name: '适用场景',
    displayType: 4,
    govProcurement: true,
    options: [{ label: '住宅建筑' }, { label: '公共建筑', meetsStandard: true }],
  });
  form.scene = scene.id;
  form.sceneHome = scene.elementEnumList[0].enumId;
  form.scenePublic = scene.elementEnumList[1].enumId;
  form.report = (
    await createElement({ groupId: group.id, name: '检测报告', displayType: 6, required: 1, govProcurement: true })
  ).id;
  const nationwide = ok(await post('/api/admin/elements/groups', ADMIN, { cityCode: null, name: '基本信息' }), 0);
  form.standard = (
    await createElement({ groupId: nationwide.id, name: '产品执行标准', displayType: 1, required: 1 })
  ).id;
  hzGroup = ok(await post('/api/admin/elements/groups', ADMIN, { cityCode: HANGZHOU, name: '杭州市需求标准' }), 0).id;
  hzElement = (await createElement({ groupId: hzGroup, name: '杭州专有要素', displayType: 2 })).id;
  reportFile = await upload(MAKER, '检测报告.pdf');
});

afterAll(async () => {
  await server?.stop();
});

describe('element administration', () => {
  it('is for the platform administrator only', async () => {
    expectStatus(await server.call('GET', '/api/admin/elements/groups', {}, who(MAKER).token), 403);
    expectStatus(await post('/api/admin/elements/groups', CITY, { cityCode: NANJING, name: 'x' }), 403);
  });

  it('refuses a city the platform has not opened, options on a text element and none on a radio', async () => {
    const bad = await post('/api/admin/elements/groups', ADMIN, { cityCode: '110100', name: '北京' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('cityCode');
    const noOptions = await post('/api/admin/elements', ADMIN, { groupId: form.groupId, name: '单选', displayType: 3 });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.data.fields.map((f: { field: string }) => f.field)).toContain('options');
    const textOptions = await post('/api/admin/elements', ADMIN, {
      groupId: form.groupId,
      name: '文本',
      displayType: 1,
      options: [{ label: 'a' }],
    });
    expect(textOptions.status).toBe(400);
  });

  it('records each change of a group in the audit log, filed under no organisation', async () => {
    const group = ok(await post('/api/admin/elements/groups', ADMIN, { cityCode: HANGZHOU, name: '审计用分组' }), 0);
    ok(await post(`/api/admin/elements/groups/${group.id}/use-status`, ADMIN, { useStatus: 2 }), 0);
    // Groups and elements share the entity type 'element'; the action says which one the id is.
    const rows = (
      await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'element'), eq(auditLog.entityId, String(group.id))))
    ).filter((r) => r.action.startsWith('group.'));
    expect(rows.map((r) => r.action).sort()).toEqual(['group.create', 'group.use_status']);
    expect(rows.every((r) => r.orgId === null && r.actorUserId === who(ADMIN).id)).toBe(true);
    expect(rows.find((r) => r.action === 'group.use_status')?.detail).toMatchObject({ to: 2 });
  });

  it('answers the form definitions of spec §7', async () => {
    const groups = ok(
      await post('/materials/bm-attribute-group/selectGroupByLocalCityIdNeedSelect', MAKER, { cityCode: NANJING }),
    );
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['基本信息', '南京市需求标准']);
    const gov = ok(
      await post('/materials/bmElementProductsSettledInCities/getGovProcurementElementList', MAKER, {
        cityCode: NANJING,
      }),
    );
    expect(gov.map((e: { name: string }) => e.name).sort()).toEqual(
      ['再生原料掺量(%)', '是否获得绿色建材认证', '检测报告', '适用场景'].sort(),
    );
    expect(gov.find((e: { id: number }) => e.id === form.carbon).standardMin).toBe(20);
    const all = ok(
      await post('/materials/bmElementProductsSettledInCities/getElementList', MAKER, { cityCode: NANJING }),
    );
    expect(all).toHaveLength(5);
    expect(all[0].groupName).toBe('基本信息');
    const nationwide = await post(`${BASE}/getNationwideElement`, MAKER);
    expect(nationwide.body.code).toBe(200);
    expect(nationwide.body.data.map((g: { name: string }) => g.name)).toEqual(['基本信息']);
    const one = ok(
      await server.call(
        'GET',
        `/materials/bm-attribute-group/selectHtmlByGroupId/${form.groupId}`,
        {},
        who(MAKER).token,
      ),
    );
    expect(one.elements).toHaveLength(4);
    expect(one.elements[0].elementEnumList[0]).toEqual({ enumId: form.yes, label: '是', meetsStandard: true, sort: 0 });
    const cities = ok(await post('/materials/bm-business-area/selectPushCityList', MAKER));
    expect(cities).toContainEqual({ cityCode: NANJING, cityName: '南京市', provinceName: '江苏省', letter: 'nj' });
  });
});

describe('the whole path: draft → submit → platform → city → listed', () => {
  it('runs with messages, audit rows and the product’s gov-procurement tag', async () => {
    const productId = await product(MAKER, '再生骨料透水砖');
    // A draft may leave required elements empty; an option value that is no option is cleared.
    const draft = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: [{ elementId: form.green, propertyValue: '99999' }],
      }),
    );
    expect(draft.status).toBe(0);
    const saved = ok(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, MAKER, { id: draft.id }));
    expect(saved.values.find((v: { elementId: number }) => v.elementId === form.green)).toBeUndefined();
    expect(saved.allowedActions).toEqual(['save', 'submit', 'delete']);

    // Submitting needs the required elements.
    const incomplete = await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
      productId,
      cityCode: NANJING,
      values: [{ elementId: form.green, propertyValue: String(form.yes) }],
      submit: true,
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(
      [`elements.${form.report}`, `elements.${form.standard}`].sort(),
    );

    const platformBefore = (await inbox(ADMIN)).length;
    const submitted = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: fullValues(),
        submit: true,
      }),
    );
    expect(submitted).toMatchObject({ status: 1, statusName: '平台审核中', govProcurement: true });
    const platformInbox = await inbox(ADMIN);
    expect(platformInbox.length).toBe(platformBefore + 1);
    expect(platformInbox.at(-1)).toMatchObject({
      channel: 'materials',
      targetUrl: `/admin/listings/detail?id=${draft.id}`,
    });

    // The city does not see it before the platform's approval.
    expectStatus(await post(`/api/city/listings/${draft.id}/approve`, CITY), 404);
    expectStatus(await post(`/api/admin/listings/${draft.id}/approve`, MAKER), 403);

    const cityBefore = (await inbox(CITY)).length;
    expect(ok(await post(`/api/admin/listings/${draft.id}/approve`, ADMIN), 0)).toMatchObject({ status: 2 });
    expectStatus(await post(`/api/admin/listings/${draft.id}/approve`, ADMIN), 409);
    const cityInbox = await inbox(CITY);
    expect(cityInbox.length).toBe(cityBefore + 1);
    expect(cityInbox.at(-1)?.targetUrl).toBe(`/gov/listings/detail?id=${draft.id}`);

    const forCity = ok(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, CITY, { id: draft.id }));
    expect(forCity.allowedActions).toEqual(['city_approve', 'city_reject', 'city_not_green']);
    expect(forCity.evidence.product.name).toBe('再生骨料透水砖');

    expect(ok(await post(`/api/city/listings/${draft.id}/approve`, CITY), 0)).toMatchObject({
      status: 3,
      notGreen: false,
    });
    const [row] = await server.database.db.select().from(listings).where(eq(listings.id, draft.id));
    expect(row?.listedAt).not.toBeNull();
    const [p] = await server.database.db.select().from(products).where(eq(products.id, productId));
    expect(p?.isGovProcurement).toBe(true);

    const makerInbox = (await inbox(MAKER)).filter((m) => m.targetUrl === `/warehousing/details?id=${draft.id}`);
    expect(makerInbox.map((m) => m.title)).toEqual([
      '入库申请已提交：再生骨料透水砖（南京市）',
      '入库申请已通过平台审核，待城市审核：再生骨料透水砖（南京市）',
      '产品已在南京市入库：再生骨料透水砖',
    ]);
    const log = ok(await post(`${LOG}/getSettledInCitiesAuditLog`, MAKER, { id: draft.id }));
    expect(
      log.map((l: { action: string; fromStatus: number; toStatus: number }) => [l.action, l.fromStatus, l.toStatus]),
    ).toEqual([
      ['save', null, 0],
      ['submit', 0, 1],
      ['platform_approve', 1, 2],
      ['city_approve', 2, 3],
    ]);
    expect(log[3].actor.id).toBe(who(CITY).id);

    // Delist (the administrator only), then the gov-procurement tag goes.
    expectStatus(await post(`${BASE}/delist`, STAFF, { id: draft.id }), 403);
    expectStatus(await post(`${BASE}/delete`, MAKER, { id: draft.id }), 409);
    expect(ok(await post(`${BASE}/delist`, MAKER, { id: draft.id }))).toMatchObject({ status: 6 });
    const [after] = await server.database.db.select().from(products).where(eq(products.id, productId));
    expect(after?.isGovProcurement).toBe(false);
  });
});

describe('rejections and resubmission', () => {
  it('keeps the platform’s reason in the log across a corrected resubmission', async () => {
    const productId = await product(MAKER, '岩棉板');
    const { id } = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, STAFF, {
        productId,
        cityCode: NANJING,
        values: fullValues(),
        submit: true,
      }),
    );
    const bad = await post(`/api/admin/listings/${id}/reject`, ADMIN, { reason: '' });
    expect(bad.status).toBe(400);
    ok(await post(`/api/admin/listings/${id}/reject`, ADMIN, { reason: '检测报告已过期' }), 0);
    const last = ok(await post(`${LOG}/getPlatformLastRejectAuditLog`, MAKER, { id }));
    expect(last).toMatchObject({ action: 'platform_reject', reason: '检测报告已过期', fromStatus: 1, toStatus: 4 });
    expect((await inbox(MAKER)).at(-1)?.title).toBe('入库申请被平台驳回：岩棉板（南京市）');

    const again = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: fullValues(),
        submit: true,
      }),
    );
    expect(again.status).toBe(1);
    const detail = ok(
      await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, MAKER, { productId, cityCode: NANJING }),
    );
    expect(detail.listing.rejectReason).toBeNull();
    expect(detail.lastPlatformReject.reason).toBe('检测报告已过期');

    ok(await post(`/api/admin/listings/${id}/approve`, ADMIN), 0);
    ok(await post(`/api/city/listings/${id}/reject`, CITY, { reason: '不符合本市需求标准' }), 0);
    expect(ok(await post(`${LOG}/getCityLastRejectAuditLog`, MAKER, { id })).reason).toBe('不符合本市需求标准');
    // Staff may save and submit but not delete.
    expectStatus(await post(`${BASE}/delete`, STAFF, { id }), 403);
    expect(ok(await post(`${BASE}/delete`, MAKER, { id }))).toEqual({ id, deleted: true });
    expectStatus(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, MAKER, { id }), 404);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'listing'), eq(auditLog.entityId, String(id))));
    expect(rows.map((r) => r.action)).toContain('delete');
  });

  it('lists a product marked not green, with the reason', async () => {
    const productId = await product(MAKER, '陶瓷薄板');
    const { id } = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: fullValues({ [form.green]: { propertyValue: String(form.no) } }),
        submit: true,
      }),
    );
    ok(await post(`/api/admin/listings/${id}/approve`, ADMIN), 0);
    expect(ok(await post(`/api/city/listings/${id}/not-green`, CITY, { reason: '认证证书已过期' }), 0)).toMatchObject({
      status: 3,
      notGreen: true,
    });
    expect(ok(await post(`${LOG}/getCCNoGreenAuditLog`, MAKER, { id })).reason).toBe('认证证书已过期');
    const detail = ok(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, MAKER, { id }));
    expect(detail.listing).toMatchObject({ notGreen: true, notGreenReason: '认证证书已过期', govProcurement: false });
  });
});

describe('permissions', () => {
  let listingId = 0;
  let hzListing = 0;
  beforeAll(async () => {
    const productId = await product(MAKER, '权限测试产品');
    listingId = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: fullValues(),
      }),
    ).id;
    hzListing = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: HANGZHOU,
        values: fullValues().filter((v) => v.elementId === form.standard),
        submit: true,
      }),
    ).id;
    ok(await post(`/api/admin/listings/${hzListing}/approve`, ADMIN), 0);
  });

  it('hides another manufacturer’s listing and product (404)', async () => {
    expectStatus(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, OTHER_MAKER, { id: listingId }), 404);
    expectStatus(await post(`${LOG}/getSettledInCitiesAuditLog`, OTHER_MAKER, { id: listingId }), 404);
    const productId = (await server.database.db.select().from(listings).where(eq(listings.id, listingId)))[0]
      ?.productId;
    expectStatus(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, OTHER_MAKER, {
        productId,
        cityCode: NANJING,
        values: [],
      }),
      404,
    );
    expect(ok(await post(`${BASE}/list`, OTHER_MAKER)).total).toBe(0);
    expect(ok(await post(`${BASE}/list`, DEALER)).total).toBe(0);
  });

  it('hides drafts from the platform and lets a city committee see and audit only its own city', async () => {
    expectStatus(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, ADMIN, { id: listingId }), 404);
    expectStatus(await post(`/api/city/listings/${hzListing}/approve`, CITY), 404);
    expectStatus(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, CITY, { id: hzListing }), 404);
    const cityList = ok(await post(`${BASE}/list`, CITY, { take: 100 }));
    expect(cityList.list.every((l: { cityCode: string }) => l.cityCode === NANJING)).toBe(true);
    const platformList = ok(await post(`${BASE}/list`, ADMIN, { status: 2, take: 100 }));
    expect(platformList.list.map((l: { id: number }) => l.id)).toContain(hzListing);
  });

  it('refuses a manufacturer’s audit and a staff member’s delete', async () => {
    expectStatus(await post(`/api/admin/listings/${listingId}/reject`, MAKER, { reason: '自己驳回' }), 403);
    expectStatus(await post(`/api/city/listings/${listingId}/approve`, MAKER), 403);
    expectStatus(await post(`${BASE}/delete`, STAFF, { id: listingId }), 403);
  });

  it('refuses another organisation’s file, an uncertified or disabled submission, and an unopened city', async () => {
    const foreign = await upload(OTHER_MAKER, '别家报告.pdf');
    const productId = await product(MAKER, '文件测试产品');
    const res = await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
      productId,
      cityCode: NANJING,
      values: [{ elementId: form.report, resourceValue: [foreign] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('values.0.resourceValue');

    const theirs = await product(OTHER_MAKER, '未认证企业产品');
    const uncertified = await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, OTHER_MAKER, {
      productId: theirs,
      cityCode: NANJING,
      values: fullValues({ [form.report]: { resourceValue: [foreign] } }),
      submit: true,
    });
    expect(uncertified.status).toBe(400);
    expect(uncertified.body.msg).toContain('认证');

    const disabled = await product(MAKER, '停用产品', 2);
    const off = await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
      productId: disabled,
      cityCode: NANJING,
      values: fullValues(),
      submit: true,
    });
    expect(off.status).toBe(400);
    expect(off.body.msg).toContain('停用');

    const closed = await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
      productId,
      cityCode: '110100',
      values: [],
    });
    expect(closed.status).toBe(400);
    expect(closed.body.data.fields[0].field).toBe('cityCode');
    const foreignElement = await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
      productId,
      cityCode: NANJING,
      values: [{ elementId: hzElement, propertyValue: 'x' }],
    });
    expect(foreignElement.status).toBe(400);
  });

  it('downloads a listing’s file for those who may see it', async () => {
    const mine = await server.app.inject({
      method: 'POST',
      url: `${BASE}/downloadFile`,
      payload: signParams('POST', `${BASE}/downloadFile`, { id: hzListing, uploadId: reportFile }, server.key),
      headers: { authorization: `Bearer ${who(MAKER).token}` },
    });
    // The Hangzhou listing has no report value: the file is not one of its files.
    expect(mine.statusCode).toBe(404);
    const productId = await product(MAKER, '下载测试产品');
    const { id } = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: fullValues(),
        submit: true,
      }),
    );
    for (const [mobile, status] of [
      [MAKER, 200],
      [ADMIN, 200],
      [OTHER_MAKER, 404],
    ] as const) {
      const res = await server.app.inject({
        method: 'POST',
        url: `${BASE}/downloadFile`,
        payload: signParams('POST', `${BASE}/downloadFile`, { id, uploadId: reportFile }, server.key),
        headers: { authorization: `Bearer ${who(mobile).token}` },
      });
      expect(res.statusCode, mobile).toBe(status);
      if (status === 200) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('gov-procurement follows the standard', () => {
  it('re-evaluates listings when the platform changes a demand-standard option', async () => {
    const productId = await product(MAKER, '标准变化测试');
    const { id, govProcurement } = ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: fullValues({ [form.green]: { propertyValue: String(form.no) } }),
      }),
    );
    expect(govProcurement).toBe(false);
    await post(`/api/admin/elements/${form.green}`, ADMIN); // wrong method: nothing changes
    const updated = await server.call(
      'PUT',
      `/api/admin/elements/${form.green}`,
      {
        name: '是否获得绿色建材认证',
        displayType: 3,
        required: 1,
        govProcurement: true,
        options: [
          { enumId: form.yes, label: '是', meetsStandard: true },
          { enumId: form.no, label: '否', meetsStandard: true },
        ],
      },
      who(ADMIN).token,
    );
    expect(updated.status, updated.raw).toBe(200);
    const [row] = await server.database.db.select().from(listings).where(eq(listings.id, id));
    expect(row?.govProcurement).toBe(true);
    // Back as it was.
    await server.call(
      'PUT',
      `/api/admin/elements/${form.green}`,
      {
        name: '是否获得绿色建材认证',
        displayType: 3,
        required: 1,
        govProcurement: true,
        options: [
          { enumId: form.yes, label: '是', meetsStandard: true },
          { enumId: form.no, label: '否', meetsStandard: false },
        ],
      },
      who(ADMIN).token,
    );
    const [back] = await server.database.db.select().from(listings).where(eq(listings.id, id));
    expect(back?.govProcurement).toBe(false);
    // An element with answers cannot be deleted, only disabled.
    expectStatus(await server.call('DELETE', `/api/admin/elements/${form.green}`, {}, who(ADMIN).token), 409);
  });
});

describe('batch listing and checks', () => {
  it('checks and submits each product × city pair on its own', async () => {
    const a = await product(MAKER, '批量产品甲');
    const b = await product(MAKER, '批量产品乙');
    const theirs = await product(OTHER_MAKER, '别家产品');
    ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId: a,
        cityCode: NANJING,
        values: fullValues(),
      }),
    );

    const check = ok(
      await post(`${BASE}/checkData`, MAKER, { productIds: [a, b, theirs], cityCodes: [NANJING, '110100'] }),
    );
    const find = (p: number, c: string) =>
      check.list.find((i: { productId: number; cityCode: string }) => i.productId === p && i.cityCode === c);
    expect(find(a, NANJING)).toMatchObject({ canList: true, reasons: [] });
    expect(find(b, NANJING).canList).toBe(false);
    expect(find(b, NANJING).reasons[0]).toContain('必填要素');
    expect(find(theirs, NANJING).reasons).toEqual(['产品不存在']);
    expect(find(a, '110100').reasons).toEqual(['该城市尚未开通入库']);

    const batch = ok(
      await post(`${BASE}/batchProductsSettledInCities2`, MAKER, {
        productIds: [a, b],
        cityCodes: [NANJING, HANGZHOU],
        values: [{ elementId: form.standard, propertyValue: 'GB 8624-2012' }],
      }),
    );
    expect(batch.succeeded).toBe(3);
    expect(batch.failed).toBe(1);
    const failed = batch.list.find((i: { ok: boolean }) => !i.ok);
    expect(failed).toMatchObject({ productId: b, cityCode: NANJING, ok: false });
    expect(failed.reasons.join()).toContain('检测报告');
  });

  it('judges a pair as the batch would submit it: the values given over the saved draft’s', async () => {
    const c = await product(MAKER, '批量产品丙');
    // A draft with everything but the nationwide standard.
    const draft = fullValues().filter((v) => v.elementId !== form.standard);
    ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId: c,
        cityCode: NANJING,
        values: draft,
      }),
    );
    const checkWith = async (values: unknown[]) =>
      ok(await post(`${BASE}/checkData`, MAKER, { productIds: [c], cityCodes: [NANJING], values })).list[0];

    const without = await checkWith([]);
    expect(without.canList).toBe(false);
    expect(without.reasons.join()).toContain('产品执行标准');
    expect(await checkWith([{ elementId: form.standard, propertyValue: 'GB 8624-2012' }])).toMatchObject({
      canList: true,
      reasons: [],
    });
    // A value that could not be saved is a reason, not a 400 for the whole check.
    const othersFile = await upload(OTHER_MAKER, '别家报告.pdf');
    const refused = await checkWith([
      { elementId: form.standard, propertyValue: 'GB 8624-2012' },
      { elementId: form.report, resourceValue: [othersFile] },
    ]);
    expect(refused.canList).toBe(false);
    expect(refused.reasons).toContain('文件不存在，请重新上传');
    // Nothing was written by the checks.
    const detail = ok(
      await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, MAKER, { productId: c, cityCode: NANJING }),
    );
    expect(detail.values.some((v: { elementId: number }) => v.elementId === form.standard)).toBe(false);
  });
});

describe('the custom approval flow (scenario 2): the auditors’ checklists', () => {
  const approval = { pfGroup: 0, complete: 0, yes: 0, no: 0, note: 0, cityGroup: 0, site: 0, siteRecord: 0 };
  const answersOf = (entry: { answers: { name: string; text: string | null; files: { name: string }[] }[] }) =>
    entry.answers.map((a) => [a.name, a.text, a.files.map((f) => f.name)]);

  beforeAll(async () => {
    const nationwide = ok(
      await post('/api/admin/elements/groups', ADMIN, { cityCode: null, name: '平台审核要点', scenario: 2 }),
      0,
    );
    approval.pfGroup = nationwide.id;
    const complete = await createElement({
      groupId: nationwide.id,
      name: '申报资料是否齐全',
      displayType: 3,
      required: 1,
      options: [{ label: '齐全' }, { label: '不齐全' }],
    });
    approval.complete = complete.id;
    approval.yes = complete.elementEnumList[0].enumId;
    approval.no = complete.elementEnumList[1].enumId;
    approval.note = (await createElement({ groupId: nationwide.id, name: '审核意见', displayType: 2 })).id;
    const city = ok(
      await post('/api/admin/elements/groups', ADMIN, { cityCode: NANJING, name: '南京市审核要点', scenario: 2 }),
      0,
    );
    approval.cityGroup = city.id;
    approval.site = (await createElement({ groupId: city.id, name: '现场核查结论', displayType: 1, required: 1 })).id;
    approval.siteRecord = (await createElement({ groupId: city.id, name: '现场核查记录', displayType: 6 })).id;
  });

  afterAll(async () => {
    // The other suites decide without checklists.
    for (const id of [approval.pfGroup, approval.cityGroup]) {
      ok(await post(`/api/admin/elements/groups/${id}/use-status`, ADMIN, { useStatus: 2 }), 0);
    }
  });

  async function submitted(name: string) {
    const productId = await product(MAKER, name);
    return ok(
      await post(`${BASE}/addOrUpdateProductsSettledInCitiesDynamic`, MAKER, {
        productId,
        cityCode: NANJING,
        values: fullValues(),
        submit: true,
      }),
    ).id as number;
  }

  it('keeps approval elements out of the listing form and out of the demand standard', async () => {
    const groups = ok(
      await post('/materials/bm-attribute-group/selectGroupByLocalCityIdNeedSelect', MAKER, { cityCode: NANJING }),
    );
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['基本信息', '南京市需求标准']);
    const gov = await post('/api/admin/elements', ADMIN, {
      groupId: approval.pfGroup,
      name: '需求标准',
      displayType: 1,
      govProcurement: true,
    });
    expect(gov.status).toBe(400);
    expect(gov.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['govProcurement']);
    // Nor can a group holding demand-standard elements become an approval form.
    const moved = await server.call(
      'PUT',
      `/api/admin/elements/groups/${form.groupId}`,
      { name: '南京市需求标准', scenario: 2 },
      who(ADMIN).token,
    );
    expect(moved.status).toBe(400);
    expect(moved.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['scenario']);
  });

  it('gives each auditor its step’s form: the platform the nationwide one, the city its own', async () => {
    const id = await submitted('审批流产品甲');
    const forMaker = ok(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, MAKER, { id }));
    expect(forMaker.approvalGroups).toEqual([]);
    const forPlatform = ok(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, ADMIN, { id }));
    expect(forPlatform.approvalGroups.map((g: { name: string }) => g.name)).toEqual(['平台审核要点']);
    expect(forPlatform.groups.map((g: { name: string }) => g.name)).toEqual(['基本信息', '南京市需求标准']);

    // Approving needs the required answers; the form's other elements and options are refused.
    const missing = await post(`/api/admin/listings/${id}/approve`, ADMIN);
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields).toEqual([
      { field: `elements.${approval.complete}`, message: '请填写审核要点「申报资料是否齐全」' },
    ]);
    const foreign = await post(`/api/admin/listings/${id}/approve`, ADMIN, {
      values: [
        { elementId: approval.complete, propertyValue: String(approval.yes) },
        { elementId: approval.site, propertyValue: '城市的要素' },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fields[0].field).toBe('values.1.elementId');
    const notAnOption = await post(`/api/admin/listings/${id}/approve`, ADMIN, {
      values: [{ elementId: approval.complete, propertyValue: '99999' }],
    });
    expect(notAnOption.status).toBe(400);
    expect((await server.database.db.select().from(listings).where(eq(listings.id, id)))[0]?.status).toBe(1);

    ok(
      await post(`/api/admin/listings/${id}/approve`, ADMIN, {
        values: [
          { elementId: approval.complete, propertyValue: String(approval.yes) },
          { elementId: approval.note, propertyValue: '  资料齐全，同意进入城市审核  ' },
        ],
      }),
      0,
    );
    const forCity = ok(await post(`${BASE}/getDynamicProductsSettledInCitiesDetails`, CITY, { id }));
    expect(forCity.approvalGroups.map((g: { name: string }) => g.name)).toEqual(['南京市审核要点']);

    // The city's file must be the committee's own upload; its answers are kept with the decision.
    const makerFile = await upload(MAKER, '厂家文件.pdf');
    const stolen = await post(`/api/city/listings/${id}/approve`, CITY, {
      values: [
        { elementId: approval.site, propertyValue: '合格' },
        { elementId: approval.siteRecord, resourceValue: [makerFile] },
      ],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data.fields[0].field).toBe('values.1.resourceValue');
    const record = await upload(CITY, '现场核查记录.pdf');
    ok(
      await post(`/api/city/listings/${id}/approve`, CITY, {
        values: [
          { elementId: approval.site, propertyValue: '产品与申报资料一致' },
          { elementId: approval.siteRecord, resourceValue: [record] },
        ],
      }),
      0,
    );

    const log = ok(await post(`${LOG}/getSettledInCitiesAuditLog`, MAKER, { id }));
    expect(log.map((e: { action: string }) => e.action)).toEqual(['submit', 'platform_approve', 'city_approve']);
    expect(answersOf(log[0])).toEqual([]);
    expect(answersOf(log[1])).toEqual([
      ['申报资料是否齐全', '齐全', []],
      ['审核意见', '资料齐全，同意进入城市审核', []],
    ]);
    expect(answersOf(log[2])).toEqual([
      ['现场核查结论', '产品与申报资料一致', []],
      ['现场核查记录', null, ['现场核查记录.pdf']],
    ]);
    // Whoever may see the listing may open the committee's record; the answers outlive the form's later changes.
    const url = `${BASE}/downloadFile`;
    const res = await server.app.inject({
      method: 'POST',
      url,
      payload: signParams('POST', url, { id, uploadId: record }, server.key),
      headers: { authorization: `Bearer ${who(MAKER).token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    ok(
      await server.call(
        'PUT',
        `/api/admin/elements/${approval.note}`,
        { name: '平台意见', displayType: 2 },
        who(ADMIN).token,
      ),
      0,
    );
    const again = ok(await post(`${LOG}/getSettledInCitiesAuditLog`, MAKER, { id }));
    expect(answersOf(again[1])[1]?.[0]).toBe('审核意见');
  });

  it('lets a rejection leave the checklist open, and keeps what was answered', async () => {
    const id = await submitted('审批流产品乙');
    ok(
      await post(`/api/admin/listings/${id}/reject`, ADMIN, {
        reason: '资料不全',
        values: [{ elementId: approval.complete, propertyValue: String(approval.no) }],
      }),
      0,
    );
    const last = ok(await post(`${LOG}/getPlatformLastRejectAuditLog`, MAKER, { id }));
    expect(answersOf(last)).toEqual([['申报资料是否齐全', '不齐全', []]]);

    const other = await submitted('审批流产品丙');
    ok(await post(`/api/admin/listings/${other}/reject`, ADMIN, { reason: '请补充检测报告' }), 0);
    expect(answersOf(ok(await post(`${LOG}/getPlatformLastRejectAuditLog`, MAKER, { id: other })))).toEqual([]);
  });
});

describe('exports', () => {
  it('exports the caller’s listings as JSON rows and as a real .xlsx file', async () => {
    const data = ok(await post(`${BASE}/exportData`, MAKER, {}));
    expect(data.columns[1]).toEqual({ key: 'materialName', title: '产品名称' });
    expect(data.rows.length).toBeGreaterThan(3);

    const url = `${BASE}/exportXls`;
    const res = await server.app.inject({
      method: 'POST',
      url,
      payload: signParams('POST', url, { cityCode: NANJING }, server.key),
      headers: { authorization: `Bearer ${who(MAKER).token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('产品入库城市.xlsx')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('产品入库城市');
    if (!sheet) throw new Error('no sheet 产品入库城市');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('产品名称');
    const names = [];
    for (let r = 2; r <= sheet.rowCount; r++) names.push(sheet.getRow(r).getCell(2).value);
    expect(names).toContain('再生骨料透水砖');
    expect(names.length).toBe(data.rows.filter((row: { cityName: string }) => row.cityName === '南京市').length);
  });
});
