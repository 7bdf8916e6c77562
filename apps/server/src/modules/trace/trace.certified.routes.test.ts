import { projectEndpoints, traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestResponse, type TestServer } from '../../../test/harness.ts';
import { productSpecs, products } from '../../db/schema/index.ts';
import { UNCERTIFIED_MESSAGE } from '../../lib/certification.ts';
import { addAddress, addLot, balanceOf, certify, projectIdOf, specOf, userOf } from './trace.test-support.ts';

/**
 * The console's rule for an uncertified organisation, in traceability (docs/decisions.md, "What an uncertified
 * organisation may do"): the demo's uncertified manufacturer 苏州新材 (13800000008) neither finds receivers nor reads
 * their addresses, makes no lots or codes and ships nothing, each refused with the console's one message; its own
 * records stay open; a certified manufacturer is not refused; and a return of goods another party sent stays open.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

const today = shanghaiToday();
const ctx = {
  newMaker: { orgId: 0, userId: 0 },
  dealer: { orgId: 0, userId: 0 },
  builder: { orgId: 0, userId: 0 },
  newMakerAddress: 0,
  makerAddress: 0,
  dealerAddress: 0,
};
/** 苏州新材's own product and specification, written straight into the database. */
let own = { specId: 0, productId: 0, orgId: 0 };

function refused(res: TestResponse) {
  expect(res.status, res.raw).toBe(403);
  expect(res.body.msg).toBe(UNCERTIFIED_MESSAGE);
}

/** A draft shipment body from 苏州新材's own lot to the distributor. */
const draftBody = (lotId: number) => ({
  destination: { kind: 'org' as const, orgId: ctx.dealer.orgId },
  fromAddressId: ctx.newMakerAddress,
  toAddressId: ctx.dealerAddress,
  shipDate: today,
  transportType: 8,
  distanceKm: 30,
  lines: [{ specId: own.specId, lotId, quantity: 5 }],
});

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    newMaker: '13800000008',
    dealer: '13800000002',
    builder: '13800000003',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  ctx.newMaker = await userOf(server, who.newMaker);
  ctx.dealer = await userOf(server, who.dealer);
  ctx.builder = await userOf(server, who.builder);
  const maker = await userOf(server, who.maker);
  ctx.makerAddress = await addAddress(server, maker.orgId, { kind: 'factory' });
  ctx.newMakerAddress = await addAddress(server, ctx.newMaker.orgId, { kind: 'factory', name: '新材虎丘工厂' });
  ctx.dealerAddress = await addAddress(server, ctx.dealer.orgId, { name: '恒通栖霞仓库', regionCode: '320113' });
  const db = server.database.db;
  const [p] = await db
    .insert(products)
    .values({ orgId: ctx.newMaker.orgId, name: '新材岩棉板', classifyCode: '0105', createdBy: ctx.newMaker.userId })
    .returning({ id: products.id });
  const [s] = await db
    .insert(productSpecs)
    .values({ productId: p?.id as number, name: '50 厚', model: 'XC-50', unitId: 31 })
    .returning({ id: productSpecs.id });
  own = { specId: s?.id as number, productId: p?.id as number, orgId: ctx.newMaker.orgId };
});
afterAll(() => server?.stop());

describe('an uncertified manufacturer in traceability', () => {
  it('finds no receivers and reads no other organisation’s address (with its contact’s name and mobile)', async () => {
    refused(await call('newMaker', traceEndpoints.receiverList, {}));
    refused(await call('newMaker', traceEndpoints.receiverAddresses, { orgId: ctx.dealer.orgId }));
    refused(await call('newMaker', projectEndpoints.trackProjectList, {}));
  });

  it('makes no lots and no trace codes, not even of its own specification', async () => {
    refused(
      await call('newMaker', traceEndpoints.lotCreate, {
        specId: own.specId,
        batchNo: 'XC20261128',
        productionDate: today,
        quantity: 10,
      }),
    );
    const lotId = await addLot(server, own, 10);
    refused(await call('newMaker', traceEndpoints.codeGenerate, { lotId, count: 2 }));
    expect(ok(await call('newMaker', traceEndpoints.codeList, { lotId })).total).toBe(0);
  });

  it('saves no shipment and ships none, not even a draft it saved while it was certified', async () => {
    const lotId = await addLot(server, own, 20);
    refused(await call('newMaker', traceEndpoints.shipmentSave, draftBody(lotId)));

    await certify(server, ctx.newMaker.orgId);
    const draft = ok(await call('newMaker', traceEndpoints.shipmentSave, draftBody(lotId)));
    await certify(server, ctx.newMaker.orgId, false);
    refused(await call('newMaker', traceEndpoints.shipmentSave, { ...draftBody(lotId), id: draft.id }));
    refused(await call('newMaker', traceEndpoints.shipmentShip, { id: draft.id }));
    expect(await balanceOf(server, `org:${own.orgId}`, lotId)).toBe(20);
    // Its detail offers what is left to it: cancelling.
    expect(ok(await call('newMaker', traceEndpoints.shipmentDetail, { id: draft.id }))).toMatchObject({
      status: 1,
      actions: ['cancel'],
    });
    // Its own draft it may still cancel.
    ok(await call('newMaker', traceEndpoints.shipmentCancel, { id: draft.id }));
  });

  it('keeps its own records: addresses, lots, shipments, stock and dashboard', async () => {
    const addresses = ok(await call('newMaker', traceEndpoints.addressList, {}));
    expect(addresses.list.map((a: { id: number }) => a.id)).toContain(ctx.newMakerAddress);
    expect(ok(await call('newMaker', traceEndpoints.lotList, {})).total).toBeGreaterThan(0);
    ok(await call('newMaker', traceEndpoints.shipmentList, { direction: 'out' }));
    ok(await call('newMaker', traceEndpoints.stockList, {}));
    ok(await call('newMaker', traceEndpoints.dashboard));
  });

  it('is refused no more from the moment it is certified (the same session)', async () => {
    await certify(server, ctx.newMaker.orgId);
    try {
      const receivers = ok(await call('newMaker', traceEndpoints.receiverList, { take: 50 }));
      expect(receivers.list.map((r: { id: number }) => r.id)).toContain(ctx.dealer.orgId);
      const addresses = ok(await call('newMaker', traceEndpoints.receiverAddresses, { orgId: ctx.dealer.orgId }));
      expect(addresses.map((a: { id: number }) => a.id)).toContain(ctx.dealerAddress);
      const lot = ok(
        await call('newMaker', traceEndpoints.lotCreate, {
          specId: own.specId,
          batchNo: 'XC20261128B',
          productionDate: today,
          quantity: 10,
        }),
      );
      expect(ok(await call('newMaker', traceEndpoints.codeGenerate, { lotId: lot.id, count: 2 })).count).toBe(2);
    } finally {
      await certify(server, ctx.newMaker.orgId, false);
    }
  });
});

describe('a certified manufacturer', () => {
  it('lists receivers, reads their addresses, makes lots and ships', async () => {
    const receivers = ok(await call('maker', traceEndpoints.receiverList, { take: 50 }));
    expect(receivers.list.map((r: { id: number }) => r.id)).toContain(ctx.dealer.orgId);
    ok(await call('maker', traceEndpoints.receiverAddresses, { orgId: ctx.dealer.orgId }));
    ok(await call('maker', projectEndpoints.trackProjectList, {}));
    const insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
    const lot = ok(
      await call('maker', traceEndpoints.lotCreate, {
        specId: insul.specId,
        batchNo: 'LZ20261128C',
        productionDate: today,
        quantity: 10,
      }),
    );
    const draft = ok(
      await call('maker', traceEndpoints.shipmentSave, {
        destination: { kind: 'org', orgId: ctx.dealer.orgId },
        fromAddressId: ctx.makerAddress,
        toAddressId: ctx.dealerAddress,
        shipDate: today,
        transportType: 8,
        distanceKm: 30,
        lines: [{ specId: insul.specId, lotId: lot.id, quantity: 4 }],
      }),
    );
    ok(await call('maker', traceEndpoints.shipmentShip, { id: draft.id }));
    expect(ok(await call('maker', traceEndpoints.shipmentDetail, { id: draft.id })).status).toBe(2);
  });
});

describe('settling what others started', () => {
  it('lets a receiver that is no longer certified send back what it rejected', async () => {
    const insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
    const lotId = await addLot(server, insul, 6);
    const school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
    const saved = ok(
      await call('maker', traceEndpoints.shipmentSave, {
        destination: { kind: 'project', projectId: school },
        fromAddressId: ctx.makerAddress,
        shipDate: today,
        transportType: 8,
        distanceKm: 30,
        lines: [{ specId: insul.specId, lotId, quantity: 6 }],
      }),
    );
    ok(await call('maker', traceEndpoints.shipmentShip, { id: saved.id }));
    const lineId = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id })).lines[0]?.id as number;
    const receipt = ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: saved.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: lineId, received: 6, accepted: 0, rejected: 6, rejectReason: 'damaged' }],
      }),
    );

    await certify(server, ctx.builder.orgId, false);
    try {
      const back = ok(await call('builder', traceEndpoints.returnPrefill, { receiptId: receipt.id }));
      ok(await call('builder', traceEndpoints.shipmentShip, { id: back.id }));
      expect(ok(await call('builder', traceEndpoints.shipmentDetail, { id: back.id })).status).toBe(2);
      expect(await balanceOf(server, `project:${school}`, lotId, 'rejected')).toBe(0);
    } finally {
      await certify(server, ctx.builder.orgId);
    }
  });
});
