import { type EndpointInput, traceEndpoints } from '@jcbb/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { addresses, auditLog, shipments, users } from '../../db/schema/index.ts';

/**
 * Addresses end to end on the demo data: 13800000001 the manufacturer 南京绿筑, 13800000002 the distributor 南京恒通,
 * 13800000003 the construction unit, 13800000000 the platform operator (no organisation).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const orgOf: Record<string, number> = {};

type AddressSave = EndpointInput<typeof traceEndpoints.addressSave>;

const { call, callRaw } = callsAs(() => server, tokens);
const list = (who: string, body: EndpointInput<typeof traceEndpoints.addressList> = {}) =>
  call(who, traceEndpoints.addressList, { take: 200, ...body });
const save = (who: string, body: AddressSave) => call(who, traceEndpoints.addressSave, body);

const input = (over: Partial<AddressSave> = {}): AddressSave => ({
  kind: 'warehouse',
  name: '测试仓库',
  regionCode: '320115',
  detail: '秣陵街道测试路 1 号',
  contactName: '测试员',
  contactPhone: '13912345678',
  isDefault: false,
  enabled: true,
  ...over,
});

async function create(who: string, over: Partial<AddressSave> = {}): Promise<number> {
  const res = await save(who, input(over));
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

interface Item {
  id: number;
  kind: string;
  name: string;
  regionName: string;
  isDefault: boolean;
  enabled: boolean;
  inUse: boolean;
}
const itemOf = async (who: string, id: number) =>
  ((await list(who)).body.data.list as Item[]).find((a) => a.id === id) as Item;

beforeAll(async () => {
  server = await startTestServer();
  const who = { maker: '13800000001', dealer: '13800000002', builder: '13800000003', platform: '13800000000' };
  for (const [k, mobile] of Object.entries(who)) {
    tokens[k] = await server.login(mobile);
    const [u] = await server.database.db.select().from(users).where(eq(users.mobile, mobile));
    orgOf[k] = u?.orgId as number;
  }
});
afterAll(() => server?.stop());

describe('addresses', () => {
  it('are saved and listed with 省 市 区 and whether a shipment uses them', async () => {
    const id = await create('builder', { kind: 'site', name: '天妃宫小学工地', regionCode: '320106' });
    const item = await itemOf('builder', id);
    expect(item).toMatchObject({
      kind: 'site',
      name: '天妃宫小学工地',
      regionName: '江苏省 南京市 鼓楼区',
      isDefault: false,
      enabled: true,
      inUse: false,
    });
    // A municipality's county skips the 市辖区 level.
    const beijing = await create('builder', { kind: 'office', name: '北京办事处', regionCode: '110108' });
    expect((await itemOf('builder', beijing)).regionName).toBe('北京市 海淀区');
    // Filters: kind, enabled only.
    const disabled = await create('builder', { kind: 'office', name: '旧办公室', enabled: false });
    const offices = (await list('builder', { kind: 'office' })).body.data.list as Item[];
    expect(offices.map((a) => a.id).sort()).toEqual([beijing, disabled].sort());
    const enabled = (await list('builder', { kind: 'office', enabledOnly: true })).body.data.list as Item[];
    expect(enabled.map((a) => a.id)).toEqual([beijing]);
    // An update changes it, and the audit trail has both.
    expect((await save('builder', input({ id, kind: 'site', name: '天妃宫小学二期工地' }))).status).toBe(200);
    expect((await itemOf('builder', id)).name).toBe('天妃宫小学二期工地');
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'address'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit.every((a) => a.orgId === orgOf.builder)).toBe(true);
  });

  it('keep one default per kind: a new default clears the previous one, other kinds untouched', async () => {
    const factory = await create('builder', { kind: 'factory', name: '预制构件厂', isDefault: true });
    const first = await create('builder', { kind: 'warehouse', name: '一号仓', isDefault: true });
    const second = await create('builder', { kind: 'warehouse', name: '二号仓', isDefault: true });
    expect((await itemOf('builder', first)).isDefault).toBe(false);
    expect((await itemOf('builder', second)).isDefault).toBe(true);
    expect((await itemOf('builder', factory)).isDefault).toBe(true);
    // Updating the first back to default moves it again; a kind change carries the default to the new kind.
    await save('builder', input({ id: first, name: '一号仓', isDefault: true }));
    expect((await itemOf('builder', second)).isDefault).toBe(false);
    await save('builder', input({ id: second, kind: 'factory', name: '二号厂', isDefault: true }));
    expect((await itemOf('builder', factory)).isDefault).toBe(false);
    const defaults = await server.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.orgId, orgOf.builder as number), eq(addresses.isDefault, true)));
    expect(defaults.map((a) => [a.kind, a.id]).sort()).toEqual(
      [
        ['factory', second],
        ['warehouse', first],
      ].sort(),
    );
    // Defaults come first in the list of their kind.
    const warehouses = (await list('builder', { kind: 'warehouse' })).body.data.list as Item[];
    expect(warehouses[0]?.id).toBe(first);
  });

  it('refuse bad input with field messages', async () => {
    expect(fieldsOf(await save('builder', input({ isDefault: true, enabled: false })))).toHaveProperty('isDefault');
    expect(fieldsOf(await save('builder', input({ regionCode: '329999' })))).toEqual({
      regionCode: '请选择地址所在区县',
    });
    expect(fieldsOf(await save('builder', input({ regionCode: '320100' })))).toEqual({
      regionCode: '请选择地址所在区县',
    });
    expect(fieldsOf(await save('builder', input({ contactPhone: '12345' })))).toHaveProperty('contactPhone');
    expect(fieldsOf(await callRaw('builder', traceEndpoints.addressSave, { ...input(), kind: 'shop' }))).toHaveProperty(
      'kind',
    );
    const blank = fieldsOf(await save('builder', input({ name: ' ', detail: '' })));
    expect(Object.keys(blank)).toEqual(expect.arrayContaining(['name', 'detail']));
  });

  it("are each organisation's own: another's answers 404, no session 401, no organisation 403", async () => {
    const id = await create('dealer', { name: '恒通测试仓' });
    expect((await list('builder')).body.data.list.map((a: Item) => a.id)).not.toContain(id);
    expect((await save('builder', input({ id }))).status).toBe(404);
    expect((await call('builder', traceEndpoints.addressDelete, { id })).status).toBe(404);
    expect((await itemOf('dealer', id)).name).toBe('恒通测试仓');
    expect((await call(null, traceEndpoints.addressList, {})).status).toBe(401);
    expect((await call(null, traceEndpoints.addressSave, input())).status).toBe(401);
    expect((await list('platform')).status).toBe(403);
    expect((await save('platform', input())).status).toBe(403);
  });

  it('may be deleted until a shipment uses them; then only disabled', async () => {
    const unused = await create('maker', { name: '临时仓' });
    const del = await call('maker', traceEndpoints.addressDelete, { id: unused });
    expect(del.status, del.raw).toBe(200);
    expect(await itemOf('maker', unused)).toBeUndefined();
    expect((await call('maker', traceEndpoints.addressDelete, { id: unused })).status).toBe(404);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'address'), eq(auditLog.entityId, String(unused))));
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);

    const used = await create('maker', { name: '发货仓', isDefault: true });
    const [maker] = await server.database.db.select().from(users).where(eq(users.mobile, '13800000001'));
    await server.database.db.insert(shipments).values({
      number: 'FH-TEST-ADDRESS-1',
      fromOrgId: orgOf.maker as number,
      fromHolderKey: `org:${orgOf.maker}`,
      fromAddressId: used,
      toKind: 'org',
      toOrgId: orgOf.dealer as number,
      toHolderKey: `org:${orgOf.dealer}`,
      shipDate: '2026-11-20',
      transportType: 1,
      distanceKm: '35.0',
      distanceSource: 'measured',
      createdBy: maker?.id as number,
    });
    expect((await itemOf('maker', used)).inUse).toBe(true);
    const refused = await call('maker', traceEndpoints.addressDelete, { id: used });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该地址已被发货单使用，可停用但不能删除');
    // Disabled instead: a disabled address cannot stay the default.
    expect(
      fieldsOf(await save('maker', input({ id: used, name: '发货仓', enabled: false, isDefault: true }))),
    ).toHaveProperty('isDefault');
    expect((await save('maker', input({ id: used, name: '发货仓', enabled: false }))).status).toBe(200);
    expect(await itemOf('maker', used)).toMatchObject({ enabled: false, isDefault: false, inUse: true });
  });
});
