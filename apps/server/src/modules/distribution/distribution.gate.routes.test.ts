import {
  coverageRefusalLabels,
  distributionEndpoints,
  type EndpointInput,
  ShipmentStatus,
  traceEndpoints,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  authorisationItems,
  salesContractLines,
  salesContractShipments,
  shipmentLineAuthorisations,
} from '../../db/schema/index.ts';
import {
  addAddress,
  addBareProduct,
  addCodes,
  addLot,
  certify,
  projectIdOf,
  specOf,
  userOf,
} from '../trace/trace.test-support.ts';
import { demoScope, issuedLetter, letterInput } from './distribution.authorisation.test-support.ts';
import { addContract, addLetter, type Letter, stockedLot, stockedProduct } from './distribution.test-support.ts';

/**
 * Shipping under authorisation through the API (docs/distribution.md, "Shipping under authorisation"): 南京恒通
 * (…02, distributor) ships goods it holds to the construction unit (…03) at an address in 鼓楼区 (320106); 南京绿筑
 * (…01) authorises it; 苏州新材 (…08) is another manufacturer. Letters and the distributor's stock are written
 * straight into the database.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
const today = shanghaiToday();
const zh = (r: keyof typeof coverageRefusalLabels) => coverageRefusalLabels[r].zh;
const ctx = {
  maker: { orgId: 0, userId: 0 },
  dealer: { orgId: 0, userId: 0 },
  builder: { orgId: 0, userId: 0 },
  other: { orgId: 0, userId: 0 },
  makerAddress: 0,
  dealerAddress: 0,
  builderAddress: 0,
};

type ShipmentSave = EndpointInput<typeof traceEndpoints.shipmentSave>;

beforeAll(async () => {
  server = await startTestServer();
  const who = { maker: '13800000001', dealer: '13800000002', builder: '13800000003', other: '13800000008' };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  ctx.maker = await userOf(server, who.maker);
  ctx.dealer = await userOf(server, who.dealer);
  ctx.builder = await userOf(server, who.builder);
  ctx.other = await userOf(server, who.other);
  await certify(server, ctx.other.orgId);
  ctx.makerAddress = await addAddress(server, ctx.maker.orgId, { kind: 'factory', name: '绿筑江宁工厂' });
  ctx.dealerAddress = await addAddress(server, ctx.dealer.orgId, { name: '恒通栖霞仓库', regionCode: '320113' });
  ctx.builderAddress = await addAddress(server, ctx.builder.orgId, { kind: 'site', regionCode: '320106' });
});
afterAll(() => server?.stop());

const dealerHolds = (quantity: number, maker = ctx.maker) => stockedProduct(server, maker, ctx.dealer.orgId, quantity);

const letter = (l: Partial<Letter> & { items: Letter['items'] }) =>
  addLetter(server.database.db, { makerOrgId: ctx.maker.orgId, distributorOrgId: ctx.dealer.orgId, ...l });

function draft(lines: ShipmentSave['lines'], who = 'dealer') {
  return call(who, traceEndpoints.shipmentSave, {
    destination: { kind: 'org', orgId: ctx.builder.orgId },
    fromAddressId: who === 'dealer' ? ctx.dealerAddress : ctx.makerAddress,
    toAddressId: ctx.builderAddress,
    shipDate: today,
    transportType: 8,
    distanceKm: 12,
    lines,
  });
}

async function shippedOf(itemId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ q: authorisationItems.shippedQuantity })
    .from(authorisationItems)
    .where(eq(authorisationItems.id, itemId));
  return Number(row?.q);
}

const relied = (shipmentId: number) =>
  server.database.db
    .select()
    .from(shipmentLineAuthorisations)
    .where(eq(shipmentLineAuthorisations.shipmentId, shipmentId));

/** Saves a draft of the lines, reads its check, then tries to ship it: the check's blockers and the ship's refusal. */
async function tryShip(lines: ShipmentSave['lines']) {
  const saved = ok(await draft(lines));
  const detail = ok(await call('dealer', traceEndpoints.shipmentDetail, { id: saved.id }));
  const res = await call('dealer', traceEndpoints.shipmentShip, { id: saved.id });
  return { id: saved.id, detail, res };
}

describe('a distributor’s shipment is refused outside its letters', () => {
  it('outside scope: no letter names the product — the draft saves, its check and the ship name the rule', async () => {
    const g = await dealerHolds(10);
    const { id, detail, res } = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 2 }]);
    expect(detail.lines[0]?.scope).toEqual({ covered: false, label: zh('no_authorisation') });
    expect(detail.blockers).toEqual([{ lineNo: 1, message: zh('no_authorisation') }]);
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({ 'lines.0.specId': zh('no_authorisation') });
    // Nothing moved: the draft is still a draft.
    expect(ok(await call('dealer', traceEndpoints.shipmentDetail, { id })).status).toBe(ShipmentStatus.DRAFT);
  });

  it('another manufacturer’s product is refused though the maker’s own letter covers its products', async () => {
    const own = await dealerHolds(10);
    const foreign = await dealerHolds(10, ctx.other);
    await letter({ items: [{ productId: own.productId }] });
    const { res } = await tryShip([
      { specId: own.specId, lotId: own.lotId, quantity: 1 },
      { specId: foreign.specId, lotId: foreign.lotId, quantity: 1 },
    ]);
    expect(fieldsOf(res)).toEqual({ 'lines.1.specId': zh('no_authorisation') });
  });

  const refusedBy: [string, Partial<Letter>, keyof typeof coverageRefusalLabels][] = [
    ['a letter for another region (上海)', { regionCodes: ['310000'] }, 'region'],
    [
      'a letter whose period starts tomorrow',
      { validFrom: addDays(today, 1), validUntil: addDays(today, 60) },
      'period',
    ],
    ['a revoked letter', { status: 'revoked' }, 'not_active'],
    ['a suspended letter', { status: 'suspended' }, 'not_active'],
    ['a letter awaiting the distributor’s acceptance', { status: 'issued' }, 'not_active'],
    ['an expired letter', { validFrom: addDays(today, -90), validUntil: addDays(today, -1) }, 'not_active'],
  ];
  for (const [name, over, refusal] of refusedBy) {
    it(`refuses under ${name}: ${refusal}`, async () => {
      const g = await dealerHolds(10);
      await letter({ ...over, items: [{ productId: g.productId }] });
      const { detail, res } = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 1 }]);
      expect(detail.lines[0]?.scope).toMatchObject({ covered: false, label: zh(refusal) });
      expect(fieldsOf(res)).toEqual({ 'lines.0.specId': zh(refusal) });
    });
  }

  it('refuses beyond the cap (the lines of the shipment together), on the quantity', async () => {
    const g = await dealerHolds(20);
    const l = await letter({ items: [{ productId: g.productId, cap: '5' }] });
    const { res } = await tryShip([
      { specId: g.specId, lotId: g.lotId, quantity: 3 },
      { specId: g.specId, lotId: g.lotId, quantity: 3 },
    ]);
    expect(fieldsOf(res)).toEqual({ 'lines.1.quantity': zh('cap') });
    expect(await shippedOf(l.itemIds[0] as number)).toBe(0);
  });
});

describe('a covered shipment', () => {
  it('ships, draws the cap down and records the letter each line relied on; void gives it back', async () => {
    const g = await dealerHolds(20);
    const l = await letter({ regionCodes: ['320100'], items: [{ productId: g.productId, cap: '10' }] });
    const { id, detail, res } = await tryShip([
      { specId: g.specId, lotId: g.lotId, quantity: 4 },
      { specId: g.specId, lotId: g.lotId, quantity: '2.5' },
    ]);
    expect(detail.blockers).toEqual([]);
    expect(detail.lines[0]?.scope).toEqual({
      covered: true,
      label: expect.stringContaining(l.number),
      letterNumber: l.number,
      letterPublicId: l.publicId,
    });
    ok(res);
    const item = l.itemIds[0] as number;
    expect(await shippedOf(item)).toBe(6.5);
    const rows = await relied(id);
    expect(rows.map((r) => [r.authorisationId, r.authorisationItemId, Number(r.quantity)])).toEqual([
      [l.id, item, 4],
      [l.id, item, 2.5],
    ]);
    // A shipped shipment shows no live check.
    expect(ok(await call('dealer', traceEndpoints.shipmentDetail, { id })).lines[0]?.scope).toBeUndefined();

    ok(await call('dealer', traceEndpoints.shipmentVoid, { id, reason: '客户取消' }));
    expect(await shippedOf(item)).toBe(0);
    expect((await relied(id)).map((r) => Number(r.quantity))).toEqual([0, 0]);
  });

  it('closing a partly received shipment gives back only what never arrived', async () => {
    const g = await dealerHolds(20);
    const l = await letter({ items: [{ productId: g.productId, cap: '10' }] });
    const { id, res } = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 8 }]);
    ok(res);
    const lineId = ok(await call('dealer', traceEndpoints.shipmentDetail, { id })).lines[0]?.id as number;
    ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: id,
        arrivedOn: today,
        lines: [{ shipmentLineId: lineId, received: 5, accepted: 4, rejected: 1, rejectReason: 'damaged' }],
      }),
    );
    ok(await call('dealer', traceEndpoints.shipmentClose, { id, reason: '余下的不再送' }));
    // 4 accepted and 1 rejected stay drawn; the 3 that never arrived are back.
    expect(await shippedOf(l.itemIds[0] as number)).toBe(5);
  });

  it('the public scan page of a code it carried names the letter, not a voided shipment’s', async () => {
    const g = await dealerHolds(10);
    const l = await letter({ items: [{ productId: g.productId }] });
    const [code, other] = await addCodes(server, { ...g, orgId: g.orgId }, 2, 1, {
      holderKey: `org:${ctx.dealer.orgId}`,
      status: 'held',
    });
    const shipped = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 1, codes: [code as string] }]);
    ok(shipped.res);
    const scan = ok(await call(null, traceEndpoints.publicTrace, { code: code as string }));
    expect(scan.letters).toEqual([
      {
        makerName: '南京绿筑新型建材有限公司',
        distributorName: expect.stringContaining('恒通'),
        letterNumber: l.number,
        letterPublicId: l.publicId,
      },
    ]);
    const voided = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 1, codes: [other as string] }]);
    ok(voided.res);
    ok(await call('dealer', traceEndpoints.shipmentVoid, { id: voided.id, reason: '发错了' }));
    expect(ok(await call(null, traceEndpoints.publicTrace, { code: other as string })).letters).toEqual([]);
  });

  it('a distributor’s return of rejected goods to its maker is not a sale: shipped without any letter', async () => {
    const p = await addBareProduct(server, ctx.maker, '320100');
    const lotId = await addLot(server, p, 5);
    const saved = ok(
      await call('maker', traceEndpoints.shipmentSave, {
        destination: { kind: 'org', orgId: ctx.dealer.orgId },
        fromAddressId: ctx.makerAddress,
        toAddressId: ctx.dealerAddress,
        shipDate: today,
        transportType: 8,
        distanceKm: 12,
        lines: [{ specId: p.specId, lotId, quantity: 5 }],
      }),
    );
    ok(await call('maker', traceEndpoints.shipmentShip, { id: saved.id }));
    const lineId = ok(await call('dealer', traceEndpoints.shipmentDetail, { id: saved.id })).lines[0]?.id as number;
    const receipt = ok(
      await call('dealer', traceEndpoints.receiptCreate, {
        shipmentId: saved.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: lineId, received: 5, accepted: 3, rejected: 2, rejectReason: 'damaged' }],
      }),
    );
    const ret = ok(await call('dealer', traceEndpoints.returnPrefill, { receiptId: receipt.id }));
    expect(ok(await call('dealer', traceEndpoints.shipmentDetail, { id: ret.id })).lines[0]?.scope).toBeUndefined();
    ok(await call('dealer', traceEndpoints.shipmentShip, { id: ret.id }));
    expect(await relied(ret.id)).toEqual([]);
  });

  it('the maker ships its own products freely, without any letter', async () => {
    const p = await addBareProduct(server, ctx.maker, '320100');
    const lotId = await addLot(server, p, 5);
    const saved = ok(await draft([{ specId: p.specId, lotId, quantity: 1 }], 'maker'));
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id }));
    expect(detail.lines[0]?.scope).toBeUndefined();
    ok(await call('maker', traceEndpoints.shipmentShip, { id: saved.id }));
    expect(await relied(saved.id)).toEqual([]);
  });
});

describe('a distributor ships to a project', () => {
  const school = '南京市鼓楼区天妃宫小学新建工程';
  const toProject = (projectId: number, lines: ShipmentSave['lines']) =>
    call('dealer', traceEndpoints.shipmentSave, {
      destination: { kind: 'project', projectId },
      fromAddressId: ctx.dealerAddress,
      shipDate: today,
      transportType: 8,
      distanceKm: 12,
      lines,
    });

  it('ships to a project in a city where what it holds is listed, under the letter that covers it', async () => {
    const projectId = await projectIdOf(server, school);
    // A demo product with its green certificate (the school is in the policy's scope) in the distributor's stock;
    // the demo seed's letter from 南京绿筑 covers it in Jiangsu.
    const insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
    const lotId = await stockedLot(server, insul, ctx.dealer.orgId, 10);
    const saved = ok(await toProject(projectId, [{ specId: insul.specId, lotId, quantity: 2 }]));
    const check = ok(await call('dealer', traceEndpoints.shipmentDetail, { id: saved.id }));
    expect(check.blockers).toEqual([]);
    expect(check.lines[0]?.scope).toMatchObject({ covered: true });
    ok(await call('dealer', traceEndpoints.shipmentShip, { id: saved.id }));
    const rows = await relied(saved.id);
    expect(rows).toHaveLength(1);
    expect(check.lines[0]?.scope?.letterPublicId).toBeTruthy();
  });
});

describe('letters issued through the calls', () => {
  it('a letter issued and accepted covers the shipment and is the one recorded; suspended, then revoked, it covers no more', async () => {
    const g = await dealerHolds(20);
    const scope = await demoScope(server);
    const issued = await issuedLetter(
      () => server,
      tokens,
      letterInput(scope, { items: [{ productId: g.productId, specIds: [], quantityCap: 10 }] }),
    );
    const first = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 4 }]);
    expect(first.detail.lines[0]?.scope).toMatchObject({ covered: true, letterPublicId: issued.publicId });
    ok(first.res);
    expect((await relied(first.id)).map((r) => r.authorisationId)).toEqual([issued.id]);

    ok(await call('maker', distributionEndpoints.authorisationSuspend, { id: issued.id, reason: '核查经销商资质' }));
    const suspended = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 1 }]);
    expect(fieldsOf(suspended.res)).toEqual({ 'lines.0.specId': zh('not_active') });

    ok(await call('maker', distributionEndpoints.authorisationRevoke, { id: issued.id, reason: '停止合作' }));
    const revoked = await call('dealer', traceEndpoints.shipmentShip, { id: suspended.id });
    expect(fieldsOf(revoked)).toEqual({ 'lines.0.specId': zh('not_active') });
  });

  it('a letter issued but not yet accepted does not cover', async () => {
    const g = await dealerHolds(5);
    const scope = await demoScope(server);
    await issuedLetter(() => server, tokens, letterInput(scope, { items: [{ productId: g.productId, specIds: [] }] }), {
      accept: false,
    });
    const { res } = await tryShip([{ specId: g.specId, lotId: g.lotId, quantity: 1 }]);
    expect(fieldsOf(res)).toEqual({ 'lines.0.specId': zh('not_active') });
  });
});

describe('shipping against a sales contract', () => {
  const contract = (spec: { productId: number; specId: number }, quantity: string, status = 'active') =>
    addContract(server.database.db, {
      distributorOrgId: ctx.dealer.orgId,
      userId: ctx.dealer.userId,
      ...spec,
      quantity,
      status,
    });

  async function againstContract(contractId: number, lines: ShipmentSave['lines']) {
    const saved = ok(await draft(lines));
    await server.database.db.insert(salesContractShipments).values({ shipmentId: saved.id, contractId });
    return { id: saved.id, res: await call('dealer', traceEndpoints.shipmentShip, { id: saved.id }) };
  }

  const contractShipped = async (lineId: number) =>
    Number(
      (
        await server.database.db
          .select({ q: salesContractLines.shippedQuantity })
          .from(salesContractLines)
          .where(eq(salesContractLines.id, lineId))
      )[0]?.q,
    );

  it('draws the contract line down, and refuses beyond its remaining quantity', async () => {
    const g = await dealerHolds(30);
    await letter({ items: [{ productId: g.productId }] });
    const c = await contract(g, '10');
    const first = await againstContract(c.id, [{ specId: g.specId, lotId: g.lotId, quantity: 7 }]);
    ok(first.res);
    expect(await contractShipped(c.lineId)).toBe(7);
    expect((await relied(first.id))[0]?.contractLineId).toBe(c.lineId);
    const second = await againstContract(c.id, [{ specId: g.specId, lotId: g.lotId, quantity: 4 }]);
    expect(fieldsOf(second.res)).toEqual({ 'lines.0.quantity': zh('contract_quantity') });
    expect(await contractShipped(c.lineId)).toBe(7);
  });

  it('refuses a contract not in force (409)', async () => {
    const g = await dealerHolds(30);
    await letter({ items: [{ productId: g.productId }] });
    const c = await contract(g, '10', 'completed');
    const { res } = await againstContract(c.id, [{ specId: g.specId, lotId: g.lotId, quantity: 1 }]);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain(zh('contract_not_active'));
  });
});
