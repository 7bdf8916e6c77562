import { coverageRefusalLabels, distributionEndpoints, OrgType } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { organizations, salesContracts } from '../../db/schema/index.ts';
import { addAddress, addBareProduct, projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { addLetter } from './distribution.test-support.ts';

/**
 * The coverage call (POST /api/agent/scope/check) on the demo data: 南京恒通 (…02) asks about letters of 南京绿筑
 * (…01); the manufacturer may not ask; another distributor's contract answers 404.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
const today = shanghaiToday();
const ctx = { maker: { orgId: 0, userId: 0 }, dealer: { orgId: 0, userId: 0 }, school: 0, address: 0 };

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
  tokens.dealer = await server.login('13800000002');
  ctx.maker = await userOf(server, '13800000001');
  ctx.dealer = await userOf(server, '13800000002');
  ctx.school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  ctx.address = await addAddress(server, ctx.maker.orgId, { regionCode: '320106' });
});
afterAll(() => server?.stop());

describe('scopeCheck', () => {
  it('answers per line the covering letter, its maker and what the cap leaves, or the refusal', async () => {
    const p = await addBareProduct(server, ctx.maker, '320100');
    const bare = await addBareProduct(server, ctx.maker, '320100');
    const l = await addLetter(server.database.db, {
      makerOrgId: ctx.maker.orgId,
      distributorOrgId: ctx.dealer.orgId,
      regionCodes: ['320100'],
      items: [{ productId: p.productId, cap: '10', shipped: '2' }],
    });
    const res = ok(
      await call('dealer', distributionEndpoints.scopeCheck, {
        lines: [
          { specId: p.specId, quantity: 3 },
          { specId: p.specId, quantity: '4.5' },
          { specId: p.specId, quantity: 1 },
          { specId: bare.specId, quantity: 1 },
        ],
        addressId: ctx.address,
        date: today,
      }),
    );
    expect(res.regionCode).toBe('320106');
    expect(res.lines[0]).toMatchObject({
      covered: true,
      refusal: null,
      letterNumber: l.number,
      letterPublicId: l.publicId,
      makerName: '南京绿筑新型建材有限公司',
      remainingCap: 5,
    });
    expect(res.lines[1]).toMatchObject({ covered: true, remainingCap: 0.5 });
    expect(res.lines.slice(2).map((x) => [x.refusal, x.label])).toEqual([
      ['cap', coverageRefusalLabels.cap.zh],
      ['no_authorisation', coverageRefusalLabels.no_authorisation.zh],
    ]);
    // Outside the city; before the period; a project only through its county.
    const elsewhere = ok(
      await call('dealer', distributionEndpoints.scopeCheck, {
        lines: [{ specId: p.specId, quantity: 1 }],
        regionCode: '320205',
        date: today,
      }),
    );
    expect(elsewhere.lines[0]?.refusal).toBe('region');
    const early = ok(
      await call('dealer', distributionEndpoints.scopeCheck, {
        lines: [{ specId: p.specId, quantity: 1 }],
        projectId: ctx.school,
        date: addDays(today, -800),
      }),
    );
    expect(early.lines[0]?.refusal).toBe('period');
  });

  it('checks the caller’s own active contract; another distributor’s contract answers 404', async () => {
    const p = await addBareProduct(server, ctx.maker, '320100');
    await addLetter(server.database.db, {
      makerOrgId: ctx.maker.orgId,
      distributorOrgId: ctx.dealer.orgId,
      items: [{ productId: p.productId }],
    });
    const db = server.database.db;
    const [otherDealer] = await db
      .insert(organizations)
      .values({ name: '另一家经销商', type: OrgType.DISTRIBUTOR })
      .returning({ id: organizations.id });
    const contract = (distributorOrgId: number, status: string) =>
      db
        .insert(salesContracts)
        .values({
          number: `HT-${Math.random()}`,
          distributorOrgId,
          buyerName: '买方',
          regionCode: '320106',
          validFrom: today,
          validUntil: addDays(today, 30),
          status,
          createdBy: 1,
        })
        .returning({ id: salesContracts.id });
    const [draft] = await contract(ctx.dealer.orgId, 'draft');
    const [theirs] = await contract(otherDealer?.id as number, 'draft');
    const ask = (contractId: number) =>
      call('dealer', distributionEndpoints.scopeCheck, {
        lines: [{ specId: p.specId, quantity: 1 }],
        regionCode: '320106',
        date: today,
        contractId,
      });
    expect(ok(await ask(draft?.id as number)).lines[0]?.refusal).toBe('contract_not_active');
    expect((await ask(theirs?.id as number)).status).toBe(404);
  });

  it('is for distributors only, signed in; refuses bad input per field', async () => {
    const body = { lines: [{ specId: 1, quantity: 1 }], regionCode: '320106', date: today };
    expect((await call('maker', distributionEndpoints.scopeCheck, body)).status).toBe(403);
    expect((await call(null, distributionEndpoints.scopeCheck, body)).status).toBe(401);
    const none = await callRaw('dealer', distributionEndpoints.scopeCheck, { lines: [], date: 'x' });
    expect(Object.keys(fieldsOf(none)).sort()).toEqual(['date', 'lines', 'regionCode']);
    const two = await call('dealer', distributionEndpoints.scopeCheck, { ...body, projectId: ctx.school });
    expect(fieldsOf(two).regionCode).toBe('请选择目的地：区域、项目或收货地址之一');
    const unknown = await call('dealer', distributionEndpoints.scopeCheck, {
      ...body,
      lines: [{ specId: 9_999_999, quantity: 1 }],
    });
    expect(fieldsOf(unknown)).toEqual({ 'lines.0.specId': '规格型号不存在' });
    expect(
      fieldsOf(
        await call('dealer', distributionEndpoints.scopeCheck, {
          ...body,
          regionCode: undefined,
          projectId: 9_999_999,
        }),
      ),
    ).toEqual({
      projectId: '项目不存在',
    });
  });
});
