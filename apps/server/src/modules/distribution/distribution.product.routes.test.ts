import { distributionEndpoints as api, type EndpointInput, OrgType } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { specOf, userOf } from '../trace/trace.test-support.ts';
import { addLetter } from './distribution.sales.test-support.ts';

/**
 * The distributor's product records and licensed products (docs/distribution.md, "The distributor console"): a
 * record only for a product one of its letters names, each with today's coverage; the licensed view of its letters.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
let maker = 0;
let dealer = 0;
let rockWool = { productId: 0, specId: 0 };
let otherSpec = 0;
let block = { productId: 0, specId: 0 };
let mortar = { productId: 0, specId: 0 };
let glass = { productId: 0, specId: 0 };
let issuedLetter = 0;
let draftLetter = 0;

const record = (over: Partial<EndpointInput<typeof api.productSave>> = {}) =>
  ({
    productId: rockWool.productId,
    specId: rockWool.specId,
    priceFen: 4850,
    priceUnit: '平方米',
    supplyRegionCodes: ['320100'],
    minOrderQuantity: 100,
    leadDays: 3,
    remarks: '含运费',
    ...over,
  }) as EndpointInput<typeof api.productSave>;

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
  maker = (await userOf(server, '13800000001')).orgId;
  // A distributor of its own, so the demo letters to 南京恒通 stay out of these counts.
  dealer = (
    await addOrgWithUser(server, {
      name: '南京测试建材经销公司',
      type: OrgType.DISTRIBUTOR,
      regionCode: '320102',
      mobile: '13900000700',
    })
  ).orgId;
  tokens.dealer = await server.login('13900000700');
  await addOrgWithUser(server, {
    name: '苏州另一建材经销公司',
    type: OrgType.DISTRIBUTOR,
    regionCode: '320505',
    mobile: '13900000701',
  });
  tokens.otherDealer = await server.login('13900000701');
  rockWool = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  otherSpec = (await specOf(server, '岩棉保温板', 'TR10 80 厚')).specId;
  block = await specOf(server, '蒸压加气混凝土砌块', 'B06 A5.0');
  mortar = await specOf(server, '干混砌筑砂浆', 'DM M10 袋装');
  glass = await specOf(server, '断桥铝合金节能窗', '70 系列平开窗');
  // Rock wool, one specification, in force for long; blocks (all specs) ending within 60 days; mortar only suspended.
  await addLetter(server, {
    makerOrgId: maker,
    distributorOrgId: dealer,
    items: [{ productId: rockWool.productId, specId: rockWool.specId, cap: '1000' }],
  });
  await addLetter(server, {
    makerOrgId: maker,
    distributorOrgId: dealer,
    validFrom: '2026-01-01',
    validUntil: addDays(shanghaiToday(), 20),
    items: [{ productId: block.productId }],
  });
  await addLetter(server, {
    makerOrgId: maker,
    distributorOrgId: dealer,
    status: 'suspended',
    items: [{ productId: mortar.productId, specId: mortar.specId }],
  });
  issuedLetter = (
    await addLetter(server, {
      makerOrgId: maker,
      distributorOrgId: dealer,
      status: 'issued',
      kind: 'project',
      items: [{ productId: mortar.productId }],
    })
  ).id;
  draftLetter = (
    await addLetter(server, {
      makerOrgId: maker,
      distributorOrgId: dealer,
      status: 'draft',
      items: [{ productId: glass.productId }],
    })
  ).id;
}, 60_000);
afterAll(() => server?.stop());

describe('product records', () => {
  let id = 0;

  it('records a licensed product, shown with its coverage today', async () => {
    id = ok(await call('dealer', api.productSave, record())).id;
    const detail = ok(await call('dealer', api.productDetail, { id }));
    expect(detail).toMatchObject({
      productName: '岩棉保温板',
      specName: expect.stringContaining('TR10 50 厚'),
      makerName: expect.stringContaining('绿筑'),
      priceFen: 4850,
      priceUnit: '平方米',
      supplyRegionCodes: ['320100'],
      supplyRegionNames: [expect.stringContaining('南京市')],
      minOrderQuantity: 100,
      leadDays: 3,
      status: 'on_sale',
      coverage: 'in_force',
      coveredUntil: '2027-12-31',
    });
  });

  it('shows a letter ending within 60 days as expiring, and a product only suspended as not covered', async () => {
    ok(await call('dealer', api.productSave, record({ productId: block.productId, specId: block.specId })));
    ok(await call('dealer', api.productSave, record({ productId: mortar.productId, specId: mortar.specId })));
    const { list, total } = ok(await call('dealer', api.productList, {}));
    expect(total).toBe(3);
    const byProduct = Object.fromEntries(list.map((r) => [r.productName, r.coverage]));
    expect(byProduct).toEqual({ 岩棉保温板: 'in_force', 蒸压加气混凝土砌块: 'expiring', 干混砌筑砂浆: 'not_covered' });
    const filtered = ok(await call('dealer', api.productList, { keyword: '岩棉' }));
    expect(filtered.list.map((r) => r.id)).toEqual([id]);
  });

  it('refuses a product no letter names (a draft letter does not count), and a spec of another product', async () => {
    expect(fieldsOf(await call('dealer', api.productSave, record({ specId: otherSpec }))).productId).toContain('授权');
    expect(
      fieldsOf(await call('dealer', api.productSave, record({ productId: glass.productId, specId: glass.specId })))
        .productId,
    ).toContain('授权');
    expect(fieldsOf(await call('dealer', api.productSave, record({ specId: block.specId }))).specId).toBe(
      '规格型号不属于该产品',
    );
  });

  it('refuses a second record of the same product and specification', async () => {
    expect(fieldsOf(await call('dealer', api.productSave, record())).specId).toBe('已有该产品（规格型号）的记录');
  });

  it('answers bad input field by field', async () => {
    const fields = fieldsOf(
      await callRaw('dealer', api.productSave, {
        productId: 'x',
        priceFen: -1,
        priceUnit: '斤',
        supplyRegionCodes: ['32'],
        leadDays: 999,
        status: 'gone',
      }),
    );
    expect(Object.keys(fields).sort()).toEqual(
      ['leadDays', 'priceFen', 'priceUnit', 'productId', 'status', 'supplyRegionCodes.0'].sort(),
    );
    expect(
      fieldsOf(await call('dealer', api.productSave, record({ supplyRegionCodes: ['999999'] }))).supplyRegionCodes,
    ).toContain('999999');
    expect(
      fieldsOf(await call('dealer', api.productSave, record({ supplyAddressIds: [999999] }))).supplyAddressIds,
    ).toBe('供货地址不存在');
    expect(fieldsOf(await call('dealer', api.productSave, record({ priceUnit: undefined }))).priceUnit).toBe(
      '请选择计价单位',
    );
  });

  it('takes a record off sale and deletes it', async () => {
    ok(await call('dealer', api.productSave, record({ id, status: 'off_sale' })));
    expect(ok(await call('dealer', api.productList, { status: 'off_sale' })).list.map((r) => r.id)).toEqual([id]);
    ok(await call('dealer', api.productDelete, { id }));
    expect((await call('dealer', api.productDetail, { id })).status).toBe(404);
  });

  it('answers 404 to another distributor, 403 to a manufacturer, 401 without a session', async () => {
    const mine = ok(await call('dealer', api.productSave, record())).id;
    expect((await call('otherDealer', api.productDetail, { id: mine })).status).toBe(404);
    expect((await call('otherDealer', api.productSave, record({ id: mine }))).status).toBe(404);
    expect((await call('otherDealer', api.productDelete, { id: mine })).status).toBe(404);
    expect(ok(await call('otherDealer', api.productList, {})).total).toBe(0);
    expect((await call('maker', api.productList, {})).status).toBe(403);
    expect((await call(null, api.productList, {})).status).toBe(401);
  });
});

describe('licensed products', () => {
  it('lists the items of every letter but drafts, with state, regions and what is left of a cap', async () => {
    const { list } = ok(await call('dealer', api.licensedList, { take: 50 }));
    const rock = list.find((i) => i.specId === rockWool.specId);
    expect(rock).toMatchObject({
      productName: '岩棉保温板',
      state: 'active',
      regionNames: ['江苏省'],
      quantityCap: 1000,
      shippedQuantity: 0,
      remainingQuantity: 1000,
      number: expect.stringMatching(/^AUTEST-/),
    });
    expect(list.some((i) => i.authorisationId === draftLetter)).toBe(false);
    const pending = ok(await call('dealer', api.licensedList, { state: 'issued' })).list;
    expect(pending.map((i) => i.authorisationId)).toEqual([issuedLetter]);
    expect(pending[0]).toMatchObject({ kind: 'project', projectName: '外部招标项目', specId: null });
  });

  it('shows one letter with an accept button while it awaits the distributor', async () => {
    const detail = ok(await call('dealer', api.licensedDetail, { id: issuedLetter }));
    expect(detail).toMatchObject({ state: 'issued', canAccept: true, items: [{ productName: '干混砌筑砂浆' }] });
  });

  it('answers 404 for a draft and for another distributor, 403 for a manufacturer', async () => {
    expect((await call('dealer', api.licensedDetail, { id: draftLetter })).status).toBe(404);
    expect((await call('otherDealer', api.licensedDetail, { id: issuedLetter })).status).toBe(404);
    expect(ok(await call('otherDealer', api.licensedList, {})).total).toBe(0);
    expect((await call('maker', api.licensedDetail, { id: issuedLetter })).status).toBe(403);
  });
});
