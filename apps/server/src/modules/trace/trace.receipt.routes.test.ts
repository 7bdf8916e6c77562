import { type EndpointInput, traceEndpoints } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { custodyStep } from '@jcbb/contract/trace-custody';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  messages,
  shipmentCodes,
  stockMoves,
  traceAlerts,
  traceCodes,
  traceEvents,
  uploads,
} from '../../db/schema/index.ts';
import {
  addAddress,
  addCodes,
  addLot,
  addPackages,
  balanceOf,
  codeRowOf,
  projectIdOf,
  specOf,
  userOf,
} from './trace.test-support.ts';

/**
 * Receipts end to end: partial receipts with rejections, the rest, the checks of quantities and codes, the events
 * and messages they make, the two-sites alert, and the return of rejected goods.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

const today = shanghaiToday();
const ctx = { maker: { orgId: 0, userId: 0 }, dealer: { orgId: 0, userId: 0 }, builder: { orgId: 0, userId: 0 } };
let makerAddress = 0;
let dealerAddress = 0;
let school = 0;
let hospital = 0;
let insul: Awaited<ReturnType<typeof specOf>>;
let mortar: Awaited<ReturnType<typeof specOf>>;
let block: Awaited<ReturnType<typeof specOf>>;

const balance = (holderKey: string, lotId: number, bucket = 'usable') => balanceOf(server, holderKey, lotId, bucket);
const codeRow = (code: string) => codeRowOf(server, code);

type ShipmentSave = EndpointInput<typeof traceEndpoints.shipmentSave>;
type ReceiptLine = EndpointInput<typeof traceEndpoints.receiptCreate>['lines'][number];

/** A shipment from the maker, shipped; answers its id, number and line ids. */
async function shipped(destination: ShipmentSave['destination'], lines: ShipmentSave['lines'], shipDate = today) {
  const toAddress = destination.kind === 'org' && destination.orgId === ctx.dealer.orgId ? dealerAddress : undefined;
  const saved = ok(
    await call('maker', traceEndpoints.shipmentSave, {
      destination,
      fromAddressId: makerAddress,
      toAddressId: toAddress,
      shipDate,
      transportType: 8,
      distanceKm: 30,
      lines,
    }),
  );
  ok(await call('maker', traceEndpoints.shipmentShip, { id: saved.id }));
  const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id }));
  return {
    id: saved.id as number,
    number: saved.number as string,
    lineIds: detail.lines.map((l: { id: number }) => l.id) as number[],
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    dealer: '13800000002',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    otherMaker: '13800000008',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  ctx.maker = await userOf(server, who.maker);
  ctx.dealer = await userOf(server, who.dealer);
  ctx.builder = await userOf(server, who.builder);
  makerAddress = await addAddress(server, ctx.maker.orgId, { kind: 'factory', name: '绿筑江宁工厂' });
  dealerAddress = await addAddress(server, ctx.dealer.orgId, { name: '恒通栖霞仓库', regionCode: '320113' });
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  hospital = await projectIdOf(server, '江宁区人民医院门急诊综合楼');
  insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  mortar = await specOf(server, '干混砌筑砂浆', 'DM M10 袋装');
  block = await specOf(server, '蒸压加气混凝土砌块', 'B06 A5.0');
});
afterAll(() => server?.stop());

describe('receiving a shipment', () => {
  it('receives in parts — a rejection first, then the rest — until the shipment is received', async () => {
    const lotA = await addLot(server, mortar, 500);
    const packages = await addPackages(server, { lotId: lotA, specId: mortar.specId, orgId: mortar.orgId }, 5, 50);
    const lotB = await addLot(server, insul, 1000);
    const s = await shipped({ kind: 'org', orgId: ctx.dealer.orgId }, [
      { specId: mortar.specId, lotId: lotA, quantity: 250, codes: packages },
      { specId: insul.specId, lotId: lotB, quantity: 300 },
    ]);
    const dealerKey = `org:${ctx.dealer.orgId}`;

    const first = ok(
      await call('dealer', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        deliveryNoteNo: 'SN-001',
        lines: [
          {
            shipmentLineId: s.lineIds[0],
            received: 250,
            accepted: 200,
            rejected: 50,
            rejectReason: 'damaged',
            rejectedCodes: [packages[4]],
          },
          { shipmentLineId: s.lineIds[1], received: 100, accepted: 100, rejected: 0 },
        ],
      }),
    );
    expect(first.number).toMatch(new RegExp(`^SH${today.replaceAll('-', '')}\\d{4}$`));
    expect(await balance(dealerKey, lotA)).toBe(200);
    expect(await balance(dealerKey, lotA, 'rejected')).toBe(50);
    expect(await balance(dealerKey, lotB)).toBe(100);
    expect(await codeRow(packages[0] as string)).toMatchObject({ status: 'held', holderKey: dealerKey });
    expect(await codeRow(packages[4] as string)).toMatchObject({ status: 'rejected', holderKey: dealerKey });
    const child = (
      await server.database.db
        .select()
        .from(traceCodes)
        .where(eq(traceCodes.parentCode, packages[0] as string))
    )[0];
    expect(child).toMatchObject({ status: 'held', holderKey: dealerKey });

    let detail = ok(await call('dealer', traceEndpoints.shipmentDetail, { id: s.id }));
    expect(detail).toMatchObject({ status: 3, statusName: '部分收货' });
    expect(detail.progress).toEqual({ shipped: 550, accepted: 300, rejected: 50, cancelled: 0, outstanding: 200 });
    expect(detail.actions).toEqual(['receive', 'close', 'return']);
    expect(detail.receipts[0]).toMatchObject({
      number: first.number,
      deliveryNoteNo: 'SN-001',
      receiverName: '南京恒通建材贸易有限公司',
      lines: [
        expect.objectContaining({
          received: 250,
          accepted: 200,
          rejected: 50,
          rejectReason: 'damaged',
          rejectedCodes: [packages[4]],
        }),
        expect.objectContaining({ received: 100, accepted: 100, rejected: 0, rejectReason: null }),
      ],
    });
    // Receiving and inspecting events on the ledger, by the receiver, naming the receipt.
    const events = await server.database.db
      .select()
      .from(traceEvents)
      .where(eq(traceEvents.receiptId, first.id))
      .orderBy(asc(traceEvents.id));
    expect(events.map((e) => [e.bizStep, e.disposition])).toEqual([
      ['receiving', 'in_progress'],
      ['inspecting', 'non_conformant'],
    ]);
    expect(events.every((e) => e.leafIndex !== null && e.orgId === ctx.dealer.orgId)).toBe(true);
    const receiving = events[0]?.document as Record<string, unknown>;
    expect(receiving.bizTransactionList).toEqual([
      { type: 'desadv', bizTransaction: `urn:jcbb:shipment:${s.number}` },
      { type: 'recadv', bizTransaction: `urn:jcbb:receipt:${first.number}` },
    ]);
    expect(receiving.epcList).toHaveLength(4 + 4 * 50);
    expect(receiving.quantityList).toEqual([{ epcClass: `urn:jcbb:lot:${lotB}`, quantity: 100, uom: 'MTK' }]);
    expect((events[1]?.document as { epcList: string[] } | undefined)?.epcList).toHaveLength(51);
    // What a reader is shown is in each event (and so in its hash): how much of which lot, and why goods were refused.
    const received = custodyStep(receiving);
    expect(received.lines.map((l) => [l.lot, l.quantity, l.codeCount])).toEqual([
      [`urn:jcbb:lot:${lotA}`, '200', 4],
      [`urn:jcbb:lot:${lotB}`, '100', 0],
    ]);
    expect(received.destinationName).toBe('南京恒通建材贸易有限公司');
    expect(received.actorName).toBe('南京恒通建材贸易有限公司');
    const inspected = custodyStep(events[1]?.document as Record<string, unknown>);
    expect(inspected.lines.map((l) => [l.quantity, l.codeCount])).toEqual([['50', 1]]);
    expect(inspected.reason).toBe('破损');
    // The arrival date the receiver states is the events' date.
    expect(received.date).toBe(today);
    // The shipper is told at once.
    const inbox = await server.database.db.select().from(messages).where(eq(messages.companyId, ctx.maker.orgId));
    expect(inbox.map((m) => m.title)).toContain(`收货单 ${first.number} 已确认：合格 300，拒收 50`);

    // Beyond what is outstanding.
    const tooMuch = await call('dealer', traceEndpoints.receiptCreate, {
      shipmentId: s.id,
      arrivedOn: today,
      lines: [{ shipmentLineId: s.lineIds[1], received: 201, accepted: 201, rejected: 0 }],
    });
    expect(fieldsOf(tooMuch)['lines.0.received']).toBe('超过未收数量 200');
    // A coded line whose codes have all arrived has nothing outstanding.
    const again = await call('dealer', traceEndpoints.receiptCreate, {
      shipmentId: s.id,
      arrivedOn: today,
      lines: [{ shipmentLineId: s.lineIds[0], received: 50, accepted: 50, rejected: 0 }],
    });
    expect(fieldsOf(again)['lines.0.received']).toBe('超过未收数量 0');

    const rest = ok(
      await call('dealer', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s.lineIds[1], received: 200, accepted: 200, rejected: 0 }],
      }),
    );
    detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: s.id }));
    expect(detail).toMatchObject({ status: 4, statusName: '已收货', actions: [] });
    expect(detail.receipts.map((r: { id: number }) => r.id)).toEqual([first.id, rest.id]);
    expect(await balance(dealerKey, lotB)).toBe(300);
    const open = await server.database.db
      .select()
      .from(shipmentCodes)
      .where(and(eq(shipmentCodes.shipmentId, s.id), eq(shipmentCodes.open, true)));
    expect(open).toEqual([]);
    expect(
      (
        await call('dealer', traceEndpoints.receiptCreate, {
          shipmentId: s.id,
          arrivedOn: today,
          lines: [{ shipmentLineId: s.lineIds[1], received: 1, accepted: 1, rejected: 0 }],
        })
      ).status,
    ).toBe(409);
  });

  it('checks quantities, reasons, dates and photos, each on its field', async () => {
    const lotId = await addLot(server, insul, 100);
    const s = await shipped({ kind: 'org', orgId: ctx.dealer.orgId }, [{ specId: insul.specId, lotId, quantity: 10 }]);
    const line = { shipmentLineId: s.lineIds[0], received: 5, accepted: 5, rejected: 0 };
    const send = (over: Record<string, unknown>, lineOver: Record<string, unknown> = {}) =>
      call('dealer', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ ...line, ...lineOver }],
        ...over,
      });
    expect(fieldsOf(await send({}, { received: 0, accepted: 0 }))['lines.0.received']).toBe('实收数量必须大于 0');
    expect(fieldsOf(await send({}, { received: -1 }))['lines.0.received']).toMatch(/不能为负/);
    expect(fieldsOf(await send({}, { accepted: 4 }))['lines.0.received']).toBe('实收数量应等于合格数量与拒收数量之和');
    expect(fieldsOf(await send({}, { accepted: 3, rejected: 2 }))['lines.0.rejectReason']).toBe('请选择拒收原因');
    expect(fieldsOf(await send({}, { received: 11, accepted: 11 }))['lines.0.received']).toBe('超过未收数量 10');
    expect(fieldsOf(await send({}, { shipmentLineId: 2_000_000 }))['lines.0.shipmentLineId']).toBe(
      '发货明细不属于该发货单',
    );
    expect(fieldsOf(await send({ arrivedOn: addDays(today, -1) })).arrivedOn).toBe(`到货日期不能早于发货日期 ${today}`);
    expect(fieldsOf(await send({ arrivedOn: addDays(today, 1) })).arrivedOn).toBe('到货日期不能晚于今天');
    expect(fieldsOf(await send({}, { receivedCodes: ['ABCDEFGHIJKLMNOPQRST'] }))['lines.0.receivedCodes']).toBe(
      '该明细没有追溯码',
    );
    // One of the maker's demo uploads: not the receiver's to attach.
    const [makerUpload] = await server.database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(eq(uploads.orgId, ctx.maker.orgId))
      .limit(1);
    expect(makerUpload).toBeDefined();
    expect(fieldsOf(await send({ photoUploadIds: [makerUpload?.id] }))['photoUploadIds.0']).toBe('照片不存在');
    // Nothing moved.
    expect(await balance(`org:${ctx.dealer.orgId}`, lotId)).toBe(0);
  });

  it('checks the codes of a coded line: on the line, rejected ⊆ received, quantities equal', async () => {
    const lotId = await addLot(server, block, 30);
    const codes = await addCodes(server, { lotId, specId: block.specId, orgId: block.orgId }, 4, 1.5);
    const [foreign] = await addCodes(server, { lotId, specId: block.specId, orgId: block.orgId }, 1, 1.5);
    const s = await shipped({ kind: 'org', orgId: ctx.dealer.orgId }, [
      { specId: block.specId, lotId, quantity: 6, codes },
    ]);
    const send = (l: Omit<ReceiptLine, 'shipmentLineId'>) =>
      call('dealer', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s.lineIds[0], ...l }],
      });
    expect(
      fieldsOf(await send({ received: 1.5, accepted: 1.5, rejected: 0, receivedCodes: [foreign] }))[
        'lines.0.receivedCodes'
      ],
    ).toBe(`追溯码 ${foreign} 不在本行待收的货物中`);
    expect(
      fieldsOf(
        await send({
          received: 1.5,
          accepted: 0,
          rejected: 1.5,
          rejectReason: 'short',
          receivedCodes: [codes[0]],
          rejectedCodes: [codes[1]],
        }),
      )['lines.0.rejectedCodes'],
    ).toBe(`拒收的追溯码 ${codes[1]} 不在收到的追溯码中`);
    expect(
      fieldsOf(await send({ received: 2, accepted: 2, rejected: 0, receivedCodes: [codes[0]] }))['lines.0.received'],
    ).toBe('实收数量应等于收到的追溯码的数量之和 1.5');
    expect(fieldsOf(await send({ received: 3, accepted: 3, rejected: 0 }))['lines.0.received']).toBe(
      '未填写收到的追溯码时视为全部到货，实收数量应为 6',
    );
    expect(
      fieldsOf(
        await send({
          received: 3,
          accepted: 2,
          rejected: 1,
          rejectReason: 'short',
          receivedCodes: codes.slice(0, 2),
          rejectedCodes: [codes[0]],
        }),
      )['lines.0.rejected'],
    ).toBe('拒收数量应等于拒收的追溯码的数量之和 1.5');
    // All of them, omitted: a full receipt.
    ok(await send({ received: 6, accepted: 6, rejected: 0 }));
    expect(ok(await call('dealer', traceEndpoints.shipmentDetail, { id: s.id })).status).toBe(4);
  });

  it('lets only the receiver receive: a distributor cannot receive a shipment to a project', async () => {
    const lotId = await addLot(server, insul, 10);
    const s = await shipped({ kind: 'project', projectId: school }, [{ specId: insul.specId, lotId, quantity: 2 }]);
    const line = { shipmentLineId: s.lineIds[0], received: 2, accepted: 2, rejected: 0 };
    for (const who of ['dealer', 'otherMaker']) {
      const res = await call(who, traceEndpoints.receiptCreate, { shipmentId: s.id, arrivedOn: today, lines: [line] });
      expect(res.status, who).toBe(404);
    }
    for (const who of ['supervisor', 'developer', 'maker']) {
      const res = await call(who, traceEndpoints.receiptCreate, { shipmentId: s.id, arrivedOn: today, lines: [line] });
      expect(res.status, who).toBe(403);
    }
    const receipt = ok(
      await call('builder', traceEndpoints.receiptCreate, { shipmentId: s.id, arrivedOn: today, lines: [line] }),
    );
    // A project's site quarantines what it receives until its inspection (docs/construction.md).
    expect(await balance(`project:${school}`, lotId, 'quarantined')).toBe(2);
    expect(await balance(`project:${school}`, lotId)).toBe(0);
    for (const who of ['builder', 'supervisor', 'developer', 'maker']) {
      expect(ok(await call(who, traceEndpoints.receiptDetail, { id: receipt.id })).number, who).toBe(receipt.number);
    }
    for (const who of ['dealer', 'otherMaker']) {
      expect((await call(who, traceEndpoints.receiptDetail, { id: receipt.id })).status, who).toBe(404);
    }
    expect((await call('builder', traceEndpoints.receiptDetail, { id: 2147483647 })).status).toBe(404);
    const builderInbox = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.companyId, ctx.builder.orgId));
    expect(builderInbox.some((m) => m.title === `发货通知：${s.number}` && m.channelNo === 'construction')).toBe(true);
  });

  it('raises the two-sites alert, once, when a code already received at one project arrives at another', async () => {
    const lotId = await addLot(server, insul, 100);
    const codes = await addCodes(server, { lotId, specId: insul.specId, orgId: insul.orgId }, 2, 10);
    // As if a label had been copied: the first code was already received at the hospital project.
    await server.database.db
      .update(traceCodes)
      .set({ receivedProjectId: hospital })
      .where(eq(traceCodes.code, codes[0] as string));
    const s = await shipped({ kind: 'project', projectId: school }, [
      { specId: insul.specId, lotId, quantity: 20, codes },
    ]);
    ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s.lineIds[0], received: 20, accepted: 20, rejected: 0 }],
      }),
    );
    const alerts = await server.database.db.select().from(traceAlerts).where(eq(traceAlerts.shipmentId, s.id));
    expect(alerts).toEqual([expect.objectContaining({ code: codes[0], kind: 'two_sites', orgId: ctx.maker.orgId })]);
    expect(await codeRow(codes[0] as string)).toMatchObject({
      receivedProjectId: hospital,
      status: 'held',
      holderKey: `project:${school}`,
    });
    expect(await codeRow(codes[1] as string)).toMatchObject({ receivedProjectId: school });
    const inbox = await server.database.db.select().from(messages).where(eq(messages.toUid, ctx.maker.userId));
    expect(inbox.filter((m) => m.title.startsWith('追溯预警')).map((m) => m.content)).toEqual([
      expect.stringContaining(codes[0] as string),
    ]);
  });
});

describe('returns', () => {
  it('drafts the return of a receipt’s rejected goods, ships it out of the rejected bucket, and the shipper receives it', async () => {
    const lotId = await addLot(server, block, 30);
    const codes = await addCodes(server, { lotId, specId: block.specId, orgId: block.orgId }, 4, 1.5);
    const s = await shipped({ kind: 'project', projectId: school }, [
      { specId: block.specId, lotId, quantity: 6, codes },
      { specId: block.specId, lotId, quantity: 10 },
    ]);
    const clean = ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s.lineIds[1], received: 4, accepted: 4, rejected: 0 }],
      }),
    );
    expect((await call('builder', traceEndpoints.returnPrefill, { receiptId: clean.id })).status).toBe(409);
    const receipt = ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [
          {
            shipmentLineId: s.lineIds[0],
            received: 6,
            accepted: 3,
            rejected: 3,
            rejectReason: 'damaged',
            rejectedCodes: codes.slice(2),
          },
          { shipmentLineId: s.lineIds[1], received: 2, accepted: 0, rejected: 2, rejectReason: 'failed_inspection' },
        ],
      }),
    );
    expect((await call('maker', traceEndpoints.returnPrefill, { receiptId: receipt.id })).status).toBe(403);
    expect((await call('supervisor', traceEndpoints.returnPrefill, { receiptId: receipt.id })).status).toBe(403);
    expect((await call('dealer', traceEndpoints.returnPrefill, { receiptId: receipt.id })).status).toBe(404);
    const ret = ok(await call('builder', traceEndpoints.returnPrefill, { receiptId: receipt.id }));
    expect((await call('builder', traceEndpoints.returnPrefill, { receiptId: receipt.id })).status).toBe(409);

    const draft = ok(await call('builder', traceEndpoints.shipmentDetail, { id: ret.id }));
    expect(draft).toMatchObject({
      status: 1,
      side: 'shipper',
      returnOfReceiptId: receipt.id,
      from: { kind: 'project', projectId: school, orgId: ctx.builder.orgId },
      to: { kind: 'org', orgId: ctx.maker.orgId },
      blockers: [],
    });
    expect(draft.lines.map((l: { quantity: number; codeCount: number }) => [l.quantity, l.codeCount])).toEqual([
      [3, 2],
      [2, 0],
    ]);
    // The maker sees no draft; the builder ships it.
    expect((await call('maker', traceEndpoints.shipmentDetail, { id: ret.id })).status).toBe(404);
    ok(await call('builder', traceEndpoints.shipmentShip, { id: ret.id }));
    expect(await balance(`project:${school}`, lotId, 'rejected')).toBe(0);
    expect(await balance(`project:${school}`, lotId, 'quarantined')).toBe(7);
    const moves = await server.database.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, 'shipment'), eq(stockMoves.docId, ret.id)));
    expect(moves.map((m) => [m.reason, m.bucket, Number(m.quantity)])).toEqual(
      expect.arrayContaining([
        ['return', 'rejected', -3],
        ['return', 'rejected', -2],
      ]),
    );
    const [event] = await server.database.db.select().from(traceEvents).where(eq(traceEvents.shipmentId, ret.id));
    expect(event).toMatchObject({ bizStep: 'shipping', disposition: 'returned' });
    expect((event?.document as { bizTransactionList: unknown } | undefined)?.bizTransactionList).toEqual([
      { type: 'desadv', bizTransaction: `urn:jcbb:shipment:${ret.number}` },
      { type: 'rma', bizTransaction: `urn:jcbb:receipt:${receipt.number}` },
    ]);

    const back = ok(await call('maker', traceEndpoints.shipmentDetail, { id: ret.id }));
    expect(back).toMatchObject({ side: 'receiver', actions: ['receive', 'close'] });
    ok(
      await call('maker', traceEndpoints.receiptCreate, {
        shipmentId: ret.id,
        arrivedOn: today,
        lines: back.lines.map((l: { id: number; quantity: number }) => ({
          shipmentLineId: l.id,
          received: l.quantity,
          accepted: l.quantity,
          rejected: 0,
        })),
      }),
    );
    expect(await codeRow(codes[2] as string)).toMatchObject({ status: 'held', holderKey: `org:${ctx.maker.orgId}` });
    // 30 − 16 shipped + 5 returned.
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(19);
  });
});
