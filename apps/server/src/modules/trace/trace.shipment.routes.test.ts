import { type EndpointInput, traceEndpoints } from '@jcbb/contract';
import { addDays, shanghaiDate, shanghaiToday } from '@jcbb/contract/time';
import { custodyStep } from '@jcbb/contract/trace-custody';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  auditLog,
  messages,
  shipmentCodes,
  shipmentLines,
  stockMoves,
  traceCodes,
  traceEvents,
} from '../../db/schema/index.ts';
import {
  addAddress,
  addBareProduct,
  addCodes,
  addLot,
  addPackages,
  balanceOf,
  certify,
  codeRowOf,
  projectIdOf,
  setMass,
  specOf,
  userOf,
} from './trace.test-support.ts';

/**
 * Shipments end to end on the demo data: 13800000001 the manufacturer (南京绿筑, products listed in Nanjing), …02 the
 * distributor, …03 the construction unit (an accepted member of the Nanjing school project), …04 supervision, …05
 * the developer, …08 another manufacturer. Lots and codes are written straight into the database.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

const today = shanghaiToday();
const ctx = {
  maker: { orgId: 0, userId: 0 },
  dealer: { orgId: 0, userId: 0 },
  builder: { orgId: 0, userId: 0 },
  makerAddress: 0,
  dealerAddress: 0,
  school: 0,
  stadium: 0,
};
let insul: Awaited<ReturnType<typeof specOf>>;
let block: Awaited<ReturnType<typeof specOf>>;
let mortar: Awaited<ReturnType<typeof specOf>>;
let demoDealerAddresses: { id: number }[] = [];

type ShipmentSave = EndpointInput<typeof traceEndpoints.shipmentSave>;

/** A shipment to the demo dealer with `over` on top; `call` takes it once `over` brings the lines. */
function body<O extends Partial<ShipmentSave>>(over: O = {} as O) {
  return {
    destination: { kind: 'org' as const, orgId: ctx.dealer.orgId },
    fromAddressId: ctx.makerAddress,
    toAddressId: ctx.dealerAddress,
    shipDate: today,
    transportType: 8,
    distanceKm: 30,
    ...over,
  };
}

const balance = (holderKey: string, lotId: number, bucket = 'usable') => balanceOf(server, holderKey, lotId, bucket);
const statusOf = (code: string) => codeRowOf(server, code);

async function saveAndShip(who: string, b: ShipmentSave) {
  const saved = ok(await call(who, traceEndpoints.shipmentSave, b));
  ok(await call(who, traceEndpoints.shipmentShip, { id: saved.id }));
  return saved as { id: number; number: string };
}

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    dealer: '13800000002',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    gov: '13800000006',
    otherMaker: '13800000008',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  ctx.maker = await userOf(server, who.maker);
  ctx.dealer = await userOf(server, who.dealer);
  ctx.builder = await userOf(server, who.builder);
  // Certified, so that its attempts on the maker's lots and drafts meet the object checks (trace.certified tests
  // have the uncertified manufacturer's refusals).
  await certify(server, (await userOf(server, who.otherMaker)).orgId);
  ctx.makerAddress = await addAddress(server, ctx.maker.orgId, { kind: 'factory', name: '绿筑江宁工厂' });
  // The distributor's addresses the demo gave it, before this file adds its own.
  demoDealerAddresses = ok(await call('maker', traceEndpoints.receiverAddresses, { orgId: ctx.dealer.orgId }));
  ctx.dealerAddress = await addAddress(server, ctx.dealer.orgId, { name: '恒通栖霞仓库', regionCode: '320113' });
  ctx.school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  ctx.stadium = await projectIdOf(server, '建邺区青少年体育中心');
  insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  block = await specOf(server, '蒸压加气混凝土砌块', 'B06 A5.0');
  mortar = await specOf(server, '干混砌筑砂浆', 'DM M10 袋装');
});
afterAll(() => server?.stop());

describe('drafts', () => {
  it('saves a draft with a number FH + date + sequence, moves no stock, and may save it again', async () => {
    const lotId = await addLot(server, insul, 100);
    const first = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ lines: [{ specId: insul.specId, lotId, quantity: 10 }] }),
      ),
    );
    expect(first.number).toMatch(new RegExp(`^FH${today.replaceAll('-', '')}\\d{4}$`));
    const second = ok(
      await call('maker', traceEndpoints.shipmentSave, body({ lines: [{ specId: insul.specId, lotId, quantity: 5 }] })),
    );
    expect(Number(second.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(100);

    const again = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({
          id: first.id,
          lines: [
            { specId: insul.specId, lotId, quantity: 20 },
            { specId: insul.specId, lotId, quantity: 1.5 },
          ],
        }),
      ),
    );
    expect(again).toEqual(first);
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: first.id }));
    expect(detail).toMatchObject({ status: 1, side: 'shipper', lineCount: 2, actions: ['edit', 'ship', 'cancel'] });
    expect(detail.lines.map((l: { quantity: number }) => l.quantity)).toEqual([20, 1.5]);
    expect(detail.carbon).toMatchObject({ distanceKm: 30, distanceSource: 'measured', factor: '0.129' });
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(100);
  });

  it('takes the standard default distance when none is measured', async () => {
    const lotId = await addLot(server, insul, 10);
    const saved = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ distanceKm: '', lines: [{ specId: insul.specId, lotId, quantity: 1 }] }),
      ),
    );
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id }));
    expect(detail.carbon).toMatchObject({ distanceKm: 500, distanceSource: 'default_500' });
    expect(detail.distanceKm).toBeNull();
  });

  it.each([
    ['lines.0.quantity', { quantity: 0 }],
    ['lines.0.quantity', { quantity: -1 }],
    ['lines.0.quantity', { quantity: 1.0001 }],
    ['lines.0.specId', { specId: 2_000_000 }],
    ['lines.0.lotId', { lotId: 2_000_000 }],
  ])('refuses a bad line on %s', async (field, over) => {
    const lotId = await addLot(server, insul, 10);
    const res = await call(
      'maker',
      traceEndpoints.shipmentSave,
      body({ lines: [{ specId: insul.specId, lotId, quantity: 1, ...over }] }),
    );
    expect(fieldsOf(res)[field]).toMatch(/\p{Script=Han}/u);
  });

  it('refuses another manufacturer’s specification and lot, and a lot of another specification', async () => {
    const lotId = await addLot(server, insul, 10);
    const foreign = await call(
      'otherMaker',
      traceEndpoints.shipmentSave,
      body({
        fromAddressId: await addAddress(server, (await userOf(server, '13800000008')).orgId),
        lines: [{ specId: insul.specId, lotId, quantity: 1 }],
      }),
    );
    expect(fieldsOf(foreign)['lines.0.specId']).toBe('该规格型号不是本单位的产品');
    const blockLot = await addLot(server, block, 10);
    const mixed = await call(
      'maker',
      traceEndpoints.shipmentSave,
      body({ lines: [{ specId: insul.specId, lotId: blockLot, quantity: 1 }] }),
    );
    expect(fieldsOf(mixed)['lines.0.lotId']).toBe('批次不存在或不属于该规格型号');
    // The distributor holds none of this lot.
    const dealer = await call(
      'dealer',
      traceEndpoints.shipmentSave,
      body({
        destination: { kind: 'org', orgId: ctx.builder.orgId },
        toAddressId: undefined,
        fromAddressId: ctx.dealerAddress,
        lines: [{ specId: insul.specId, lotId, quantity: 1 }],
      }),
    );
    expect(fieldsOf(dealer)['lines.0.lotId']).toBe('本单位没有该批次的库存');
  });

  it('refuses a destination that is not a certified distributor or construction unit, and foreign addresses', async () => {
    const lotId = await addLot(server, insul, 10);
    const line = [{ specId: insul.specId, lotId, quantity: 1 }];
    const dev = await userOf(server, '13800000005');
    expect(
      fieldsOf(
        await call(
          'maker',
          traceEndpoints.shipmentSave,
          body({ destination: { kind: 'org', orgId: dev.orgId }, toAddressId: undefined, lines: line }),
        ),
      )['destination.orgId'],
    ).toBe('请选择已认证的经销商或施工单位');
    expect(
      fieldsOf(
        await call(
          'maker',
          traceEndpoints.shipmentSave,
          body({ destination: { kind: 'org', orgId: ctx.maker.orgId }, toAddressId: undefined, lines: line }),
        ),
      )['destination.orgId'],
    ).toBe('请选择已认证的经销商或施工单位');
    const fields = fieldsOf(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ fromAddressId: ctx.dealerAddress, toAddressId: ctx.makerAddress, lines: line }),
      ),
    );
    expect(fields.fromAddressId).toBe('请选择本单位启用的发货地址');
    expect(fields.toAddressId).toBe('请选择收货单位的收货地址');
    expect((await call('builder', traceEndpoints.shipmentSave, body({ lines: line }))).status).toBe(403);
    expect((await call('developer', traceEndpoints.shipmentSave, body({ lines: line }))).status).toBe(403);
  });

  it('checks codes: of the line’s lot, top level, held by the shipper, adding up to the quantity', async () => {
    const lotId = await addLot(server, block, 30);
    const lot = { lotId, specId: block.specId, orgId: block.orgId };
    const items = await addCodes(server, lot, 4, 1.5);
    const [pkg] = await addPackages(server, lot, 1, 2, 1.5);
    const otherLot = await addLot(server, block, 5);
    const [stranger] = await addCodes(server, { ...lot, lotId: otherLot }, 1, 1.5);
    const [away] = await addCodes(server, lot, 1, 1.5, { holderKey: `org:${ctx.dealer.orgId}`, status: 'held' });
    const save = (codes: string[], quantity: number) =>
      call('maker', traceEndpoints.shipmentSave, body({ lines: [{ specId: block.specId, lotId, quantity, codes }] }));
    expect(ok(await save([...items, pkg as string], 9)).id).toBeGreaterThan(0);
    const child = (
      await server.database.db
        .select()
        .from(traceCodes)
        .where(eq(traceCodes.parentCode, pkg as string))
    )[0]?.code as string;
    expect(fieldsOf(await save([child], 1.5))['lines.0.codes']).toBe(
      `追溯码 ${child} 已装入包装 ${pkg}，请扫描包装上的码`,
    );
    expect(fieldsOf(await save([stranger as string], 1.5))['lines.0.codes']).toBe(`追溯码 ${stranger} 不属于该批次`);
    expect(fieldsOf(await save([away as string], 1.5))['lines.0.codes']).toBe(`追溯码 ${away} 不在本单位的库存中`);
    expect(fieldsOf(await save(['ABCDEFGHIJKLMNOPQRST'], 1.5))['lines.0.codes']).toBe(
      '追溯码 ABCDEFGHIJKLMNOPQRST 不属于该批次',
    );
    const fresh = await addCodes(server, lot, 2, 1.5);
    expect(fieldsOf(await save(fresh, 4))['lines.0.quantity']).toBe('发货数量应等于所选追溯码的数量之和 3');
    const twoLines = await call(
      'maker',
      traceEndpoints.shipmentSave,
      body({
        lines: [
          { specId: block.specId, lotId, quantity: 1.5, codes: [fresh[0]] },
          { specId: block.specId, lotId, quantity: 1.5, codes: [fresh[0]] },
        ],
      }),
    );
    expect(fieldsOf(twoLines)['lines.1.codes']).toBe(`追溯码 ${fresh[0]} 重复`);
  });

  it('refuses a code already in another open shipment, and releases codes when a draft is cancelled', async () => {
    const lotId = await addLot(server, block, 10);
    const codes = await addCodes(server, { lotId, specId: block.specId, orgId: block.orgId }, 2, 1.5);
    const line = { specId: block.specId, lotId, quantity: 3, codes };
    const first = ok(await call('maker', traceEndpoints.shipmentSave, body({ lines: [line] })));
    const second = await call(
      'maker',
      traceEndpoints.shipmentSave,
      body({ lines: [{ ...line, quantity: 1.5, codes: [codes[1]] }] }),
    );
    expect(fieldsOf(second)['lines.0.codes']).toBe(`追溯码 ${codes[1]} 已在另一张未完成的发货单中`);
    // Saving the same draft again keeps its own codes.
    ok(await call('maker', traceEndpoints.shipmentSave, body({ id: first.id, lines: [line] })));

    const cancelled = await call('maker', traceEndpoints.shipmentCancel, { id: first.id, reason: '客户取消' });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(ok(await call('maker', traceEndpoints.shipmentDetail, { id: first.id }))).toMatchObject({
      status: 6,
      closeReason: '客户取消',
      actions: [],
      progress: { outstanding: 0 },
      lines: [
        expect.objectContaining({
          evidence: expect.objectContaining({ asOf: today }),
          progress: expect.objectContaining({ outstanding: 0 }),
        }),
      ],
    });
    const open = await server.database.db
      .select()
      .from(shipmentCodes)
      .where(and(eq(shipmentCodes.shipmentId, first.id), eq(shipmentCodes.open, true)));
    expect(open).toEqual([]);
    ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ lines: [{ ...line, quantity: 1.5, codes: [codes[1]] }] }),
      ),
    );
    expect((await call('maker', traceEndpoints.shipmentCancel, { id: first.id })).status).toBe(409);
    expect((await call('maker', traceEndpoints.shipmentSave, body({ id: first.id, lines: [line] }))).status).toBe(409);
  });

  it('guards one open shipment per code in the database too', async () => {
    const lotId = await addLot(server, block, 3);
    const [code] = await addCodes(server, { lotId, specId: block.specId, orgId: block.orgId }, 1, 1.5);
    ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ lines: [{ specId: block.specId, lotId, quantity: 1.5, codes: [code] }] }),
      ),
    );
    const second = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ lines: [{ specId: block.specId, lotId, quantity: 1.5 }] }),
      ),
    );
    // Straight into the table, as a racing draft would: the partial unique index refuses it.
    const [line] = await server.database.db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, second.id));
    await expect(
      server.database.db
        .insert(shipmentCodes)
        .values({ shipmentId: second.id, lineId: (line as { id: number }).id, code: code as string }),
    ).rejects.toThrow();
  });
});

describe('projects as destinations', () => {
  it('ships to a project in a city where the maker has listed products, refusing a product not listed there', async () => {
    const lotId = await addLot(server, mortar, 100);
    const res = await call(
      'maker',
      traceEndpoints.shipmentSave,
      body({
        destination: { kind: 'project', projectId: ctx.school },
        toAddressId: undefined,
        lines: [{ specId: mortar.specId, lotId, quantity: 10 }],
      }),
    );
    expect(fieldsOf(res)['lines.0.specId']).toBe('该产品未在项目所在城市入库：南京市');
    const fine = await addLot(server, insul, 100);
    const saved = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({
          destination: { kind: 'project', projectId: ctx.school },
          toAddressId: undefined,
          lines: [{ specId: insul.specId, lotId: fine, quantity: 10 }],
        }),
      ),
    );
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id }));
    expect(detail.to).toMatchObject({
      kind: 'project',
      projectId: ctx.school,
      name: '南京市鼓楼区天妃宫小学新建工程',
      cityName: '南京市',
    });
    expect(detail.toAddress).toBe('江苏省南京市鼓楼区建宁路 66 号');
    expect(detail.blockers).toEqual([]);
  });

  it('refuses a project the shipper may not ship to; a distributor holding products listed in its city may', async () => {
    const lotId = await addLot(server, insul, 10);
    const res = await call(
      'dealer',
      traceEndpoints.shipmentSave,
      body({
        fromAddressId: ctx.dealerAddress,
        destination: { kind: 'project', projectId: ctx.school },
        toAddressId: undefined,
        lines: [{ specId: insul.specId, lotId, quantity: 1 }],
      }),
    );
    // The demo distributor holds 南京绿筑's products, listed in Nanjing (docs/decisions.md, "Who may ship to a project").
    expect(fieldsOf(res)['destination.projectId']).toBeUndefined();
    expect(
      fieldsOf(
        await call(
          'maker',
          traceEndpoints.shipmentSave,
          body({
            destination: { kind: 'project', projectId: 2_000_000 },
            lines: [{ specId: insul.specId, lotId, quantity: 1 }],
          }),
        ),
      )['destination.projectId'],
    ).toMatch(/不能向该项目发货/);
  });

  it('refuses to ship a product without evidence to a project in the policy scope', async () => {
    const bare = await addBareProduct(server, ctx.maker, '320100');
    const lotId = await addLot(server, bare, 10);
    const saved = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({
          destination: { kind: 'project', projectId: ctx.school },
          toAddressId: undefined,
          lines: [{ specId: bare.specId, lotId, quantity: 1 }],
        }),
      ),
    );
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id }));
    expect(detail.blockers).toEqual([
      { lineNo: 1, message: expect.stringMatching(/没有有效的绿色建材认证证书或检测报告/) },
    ]);
    expect(detail.lines[0]?.evidence.kind).toBe('none');
    const shipped = await call('maker', traceEndpoints.shipmentShip, { id: saved.id });
    expect(fieldsOf(shipped)['lines.0.specId']).toMatch(/政策实施范围/);
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(10);
  });
});

describe('shipping', () => {
  it('ships: stock out, codes in transit, evidence and carbon snapshotted, an EPCIS event on the ledger, the receiver told', async () => {
    await setMass(server, insul.specId, '4.5');
    const lotId = await addLot(server, insul, 600);
    const codes = await addCodes(server, { lotId, specId: insul.specId, orgId: insul.orgId }, 10, 10);
    const { id, number } = await saveAndShip(
      'maker',
      body({ lines: [{ specId: insul.specId, lotId, quantity: 100, codes }] }),
    );
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(500);
    expect((await statusOf(codes[0] as string))?.status).toBe('in_transit');
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id }));
    // 100 m² × 4.5 kg = 450 kg = 0.45 t; × 30 km × 0.129 kgCO2e/(t·km) = 1.7415 kg.
    expect(detail.carbon).toEqual({
      distanceKm: 30,
      distanceSource: 'measured',
      factor: '0.129',
      massKg: 450,
      kgCO2e: 1.742,
      missingMassLines: 0,
    });
    expect(detail).toMatchObject({ status: 2, statusName: '运输中', codeCount: 10, actions: ['void', 'close'] });
    expect(detail.lines[0]).toMatchObject({
      massKg: 450,
      evidence: { kind: expect.stringMatching(/certificate|test_report/), asOf: today },
    });
    expect(detail.events).toEqual([
      expect.objectContaining({
        bizStep: 'shipping',
        disposition: 'in_transit',
        eventType: 'ObjectEvent',
        leafIndex: expect.any(Number),
        orgName: '南京绿筑新型建材有限公司',
      }),
    ]);
    const [event] = await server.database.db.select().from(traceEvents).where(eq(traceEvents.shipmentId, id));
    const doc = event?.document as Record<string, unknown>;
    expect(doc.epcList).toHaveLength(10);
    expect(doc.bizTransactionList).toEqual([{ type: 'desadv', bizTransaction: `urn:jcbb:shipment:${number}` }]);
    expect(doc.sourceList).toEqual([{ type: 'owning_party', source: `urn:jcbb:org:${ctx.maker.orgId}` }]);
    expect(doc.destinationList).toEqual([
      { type: 'owning_party', destination: `urn:jcbb:org:${ctx.dealer.orgId}` },
      { type: 'location', destination: 'urn:jcbb:region:320113' },
    ]);
    expect(doc.readPoint).toEqual({ id: 'urn:jcbb:region:320115' });
    expect(JSON.stringify(doc)).not.toMatch(/张伟|13800000001|测试/);
    const inbox = await server.database.db.select().from(messages).where(eq(messages.companyId, ctx.dealer.orgId));
    expect(
      inbox.some(
        (m) => m.title === `发货通知：${number}` && m.targetUrl === `/productionManagement/sourceDetail?id=${id}`,
      ),
    ).toBe(true);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'shipment'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(['save', 'ship']);
    expect((await call('maker', traceEndpoints.shipmentShip, { id })).status).toBe(409);
  });

  it('dates the shipping event by the ship date, not by when it is recorded, and refuses a ship date to come', async () => {
    const lotId = await addLot(server, insul, 100);
    const backDated = addDays(today, -2);
    const { id, number } = await saveAndShip(
      'maker',
      body({ shipDate: backDated, lines: [{ specId: insul.specId, lotId, quantity: 40 }] }),
    );
    const [event] = await server.database.db.select().from(traceEvents).where(eq(traceEvents.shipmentId, id));
    const step = custodyStep(event?.document as Record<string, unknown>);
    // Recorded today for a day before: that day, its hour unknown (the end of it).
    expect(step.time).toBe(`${backDated}T23:59:59.000+08:00`);
    expect(step.date).toBe(backDated);
    // What the public page shows of it is in the event (and so in its hash).
    expect(step).toMatchObject({
      shipmentNumber: number,
      actorName: '南京绿筑新型建材有限公司',
      sourceName: '南京绿筑新型建材有限公司',
      destinationName: '南京恒通建材贸易有限公司',
      transport: { distanceKm: '30', distanceSource: 'measured' },
    });
    expect(step.lines).toEqual([expect.objectContaining({ quantity: '40', codeCount: 0, specName: 'TR10 50 厚' })]);
    // The stock moved on that day too.
    const [move] = await server.database.db
      .select({ occurredAt: stockMoves.occurredAt })
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, 'shipment'), eq(stockMoves.docId, id)));
    expect(shanghaiDate(move?.occurredAt as Date)).toBe(backDated);

    const ahead = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ shipDate: addDays(today, 1), lines: [{ specId: insul.specId, lotId, quantity: 10 }] }),
      ),
    );
    const refused = await call('maker', traceEndpoints.shipmentShip, { id: ahead.id });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused).shipDate).toContain('发货日期晚于今天');
  });

  it('carries missing mass as null, never a guess, and uncoded lines as lot quantities', async () => {
    await setMass(server, block.specId, null);
    const lotId = await addLot(server, block, 50);
    const { id } = await saveAndShip(
      'maker',
      body({ transportType: 9, lines: [{ specId: block.specId, lotId, quantity: 20 }] }),
    );
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id }));
    expect(detail.carbon).toEqual({
      distanceKm: 30,
      distanceSource: 'measured',
      factor: '0.078',
      massKg: null,
      kgCO2e: null,
      missingMassLines: 1,
    });
    const [event] = await server.database.db.select().from(traceEvents).where(eq(traceEvents.shipmentId, id));
    expect((event?.document as { quantityList: unknown } | undefined)?.quantityList).toEqual([
      { epcClass: `urn:jcbb:lot:${lotId}`, quantity: 20, uom: 'MTQ' },
    ]);
  });

  it('refuses to ship more than the stock, naming the line', async () => {
    const lotId = await addLot(server, insul, 10);
    const saved = ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({
          lines: [
            { specId: insul.specId, lotId, quantity: 8 },
            { specId: insul.specId, lotId, quantity: 5 },
          ],
        }),
      ),
    );
    const other = await saveAndShip('maker', body({ lines: [{ specId: insul.specId, lotId, quantity: 4 }] }));
    expect(other.id).toBeGreaterThan(0);
    const res = await call('maker', traceEndpoints.shipmentShip, { id: saved.id });
    const fields = fieldsOf(res);
    expect(Object.values(fields)[0]).toMatch(/^库存不足/);
    expect(Object.keys(fields)[0]).toMatch(/^lines\.[01]\.quantity$/);
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(6);
    const single = ok(
      await call('maker', traceEndpoints.shipmentSave, body({ lines: [{ specId: insul.specId, lotId, quantity: 7 }] })),
    );
    expect(fieldsOf(await call('maker', traceEndpoints.shipmentShip, { id: single.id }))['lines.0.quantity']).toBe(
      '库存不足：现有 6.000',
    );
  });

  it('voids a shipment nothing of which was received: stock and codes back, a void_shipping event', async () => {
    const lotId = await addLot(server, block, 30);
    const codes = await addCodes(server, { lotId, specId: block.specId, orgId: block.orgId }, 2, 1.5);
    const { id, number } = await saveAndShip(
      'maker',
      body({
        lines: [
          { specId: block.specId, lotId, quantity: 3, codes },
          { specId: block.specId, lotId, quantity: 10 },
        ],
      }),
    );
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(17);
    expect((await call('dealer', traceEndpoints.shipmentVoid, { id, reason: '不是我' })).status).toBe(403);
    expect((await call('maker', traceEndpoints.shipmentVoid, { id, reason: '' })).status).toBe(400);
    ok(await call('maker', traceEndpoints.shipmentVoid, { id, reason: '车辆故障，改日重发' }));
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(30);
    expect((await statusOf(codes[0] as string))?.status).toBe('active');
    const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id }));
    expect(detail).toMatchObject({ status: 7, closeReason: '车辆故障，改日重发', actions: [] });
    expect(detail.events.map((e: { bizStep: string }) => e.bizStep)).toEqual(['shipping', 'void_shipping']);
    // Nothing is outstanding on a voided shipment, in the detail and in both sides' lists (issue 22, item 7).
    expect(detail.progress.outstanding).toBe(0);
    expect(detail.lines.map((l: { progress: { outstanding: number } }) => l.progress.outstanding)).toEqual([0, 0]);
    for (const [who, direction] of [
      ['maker', 'out'],
      ['dealer', 'in'],
    ] as const) {
      const listed = ok(await call(who, traceEndpoints.shipmentList, { direction, keyword: number }));
      expect(listed.list.find((s: { id: number }) => s.id === id)?.progress.outstanding, who).toBe(0);
    }
    // The codes may leave again.
    ok(
      await call(
        'maker',
        traceEndpoints.shipmentSave,
        body({ lines: [{ specId: block.specId, lotId, quantity: 3, codes }] }),
      ),
    );
    const inbox = await server.database.db.select().from(messages).where(eq(messages.companyId, ctx.dealer.orgId));
    expect(inbox.some((m) => m.title === `发货单已作废：${number}`)).toBe(true);
    expect((await call('maker', traceEndpoints.shipmentVoid, { id, reason: '再来' })).status).toBe(409);
  });

  it('closes a shipment: the outstanding rest cancelled and back in the shipper’s stock with its codes', async () => {
    const lotId = await addLot(server, block, 30);
    const codes = await addCodes(server, { lotId, specId: block.specId, orgId: block.orgId }, 4, 1.5);
    const { id } = await saveAndShip(
      'maker',
      body({
        lines: [
          { specId: block.specId, lotId, quantity: 6, codes },
          { specId: block.specId, lotId, quantity: 10 },
        ],
      }),
    );
    const detail = ok(await call('dealer', traceEndpoints.shipmentDetail, { id }));
    ok(
      await call('dealer', traceEndpoints.receiptCreate, {
        shipmentId: id,
        arrivedOn: today,
        lines: [
          {
            shipmentLineId: detail.lines[0]?.id,
            received: 3,
            accepted: 3,
            rejected: 0,
            receivedCodes: codes.slice(0, 2),
          },
          { shipmentLineId: detail.lines[1]?.id, received: 4, accepted: 4, rejected: 0 },
        ],
      }),
    );
    expect((await call('maker', traceEndpoints.shipmentVoid, { id, reason: '晚了' })).status).toBe(409);
    ok(await call('dealer', traceEndpoints.shipmentClose, { id, reason: '剩余货物不再需要' }));
    const after = ok(await call('maker', traceEndpoints.shipmentDetail, { id }));
    expect(after.status).toBe(5);
    expect(after.lines.map((l: { progress: unknown }) => l.progress)).toEqual([
      { shipped: 6, accepted: 3, rejected: 0, cancelled: 3, outstanding: 0 },
      { shipped: 10, accepted: 4, rejected: 0, cancelled: 6, outstanding: 0 },
    ]);
    // 30 − 16 shipped + 3 + 6 returned.
    expect(await balance(`org:${ctx.maker.orgId}`, lotId)).toBe(23);
    expect(await balance(`org:${ctx.dealer.orgId}`, lotId)).toBe(7);
    expect((await statusOf(codes[0] as string))?.status).toBe('held');
    expect(await statusOf(codes[3] as string)).toMatchObject({ status: 'active', holderKey: `org:${ctx.maker.orgId}` });
    const open = await server.database.db
      .select()
      .from(shipmentCodes)
      .where(and(eq(shipmentCodes.shipmentId, id), eq(shipmentCodes.open, true)));
    expect(open).toEqual([]);
    const inbox = await server.database.db.select().from(messages).where(eq(messages.companyId, ctx.maker.orgId));
    expect(inbox.some((m) => m.title.startsWith('发货单已关闭'))).toBe(true);
    expect((await call('dealer', traceEndpoints.shipmentClose, { id, reason: '再关' })).status).toBe(409);
  });
});

describe('who sees a shipment', () => {
  let toDealer = 0;
  let toSchool = 0;
  let toStadium = 0;
  beforeAll(async () => {
    const lotId = await addLot(server, insul, 100);
    toDealer = (await saveAndShip('maker', body({ lines: [{ specId: insul.specId, lotId, quantity: 1 }] }))).id;
    const project = { destination: { kind: 'project' as const, projectId: ctx.school }, toAddressId: undefined };
    toSchool = (await saveAndShip('maker', body({ ...project, lines: [{ specId: insul.specId, lotId, quantity: 1 }] })))
      .id;
    toStadium = (
      await saveAndShip(
        'maker',
        body({
          destination: { kind: 'project', projectId: ctx.stadium },
          toAddressId: undefined,
          lines: [{ specId: insul.specId, lotId, quantity: 1 }],
        }),
      )
    ).id;
  });

  it('shows a shipment to its shipper and receiver only', async () => {
    expect(ok(await call('dealer', traceEndpoints.shipmentDetail, { id: toDealer })).side).toBe('receiver');
    for (const who of ['builder', 'supervisor', 'developer', 'otherMaker', 'gov']) {
      expect((await call(who, traceEndpoints.shipmentDetail, { id: toDealer })).status, who).toBe(404);
    }
    expect((await call('maker', traceEndpoints.shipmentDetail, { id: 2147483647 })).status).toBe(404);
  });

  it('shows a project’s shipment to every accepted member; only its construction unit receives', async () => {
    for (const who of ['builder', 'supervisor', 'developer']) {
      expect(ok(await call(who, traceEndpoints.shipmentDetail, { id: toSchool })).side, who).toBe('receiver');
    }
    expect(ok(await call('builder', traceEndpoints.shipmentDetail, { id: toSchool })).actions).toEqual([
      'receive',
      'close',
    ]);
    expect(ok(await call('supervisor', traceEndpoints.shipmentDetail, { id: toSchool })).actions).toEqual([]);
    for (const who of ['dealer', 'otherMaker', 'gov']) {
      expect((await call(who, traceEndpoints.shipmentDetail, { id: toSchool })).status, who).toBe(404);
    }
    const detail = ok(await call('builder', traceEndpoints.shipmentDetail, { id: toSchool }));
    const line = { shipmentLineId: detail.lines[0]?.id, received: 1, accepted: 1, rejected: 0 };
    expect(
      (
        await call('supervisor', traceEndpoints.receiptCreate, {
          shipmentId: toSchool,
          arrivedOn: today,
          lines: [line],
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('dealer', traceEndpoints.receiptCreate, { shipmentId: toSchool, arrivedOn: today, lines: [line] }))
        .status,
    ).toBe(404);
    expect(
      (await call('maker', traceEndpoints.receiptCreate, { shipmentId: toSchool, arrivedOn: today, lines: [line] }))
        .status,
    ).toBe(403);
  });

  it('hides a project’s shipment from an organisation that is not an accepted member (supervision only invited)', async () => {
    expect((await call('supervisor', traceEndpoints.shipmentDetail, { id: toStadium })).status).toBe(404);
    expect(ok(await call('developer', traceEndpoints.shipmentDetail, { id: toStadium })).side).toBe('receiver');
    expect((await call('builder', traceEndpoints.shipmentDetail, { id: toStadium })).status).toBe(404);
  });

  it('keeps drafts to the shipper', async () => {
    const lotId = await addLot(server, insul, 5);
    const draft = ok(
      await call('maker', traceEndpoints.shipmentSave, body({ lines: [{ specId: insul.specId, lotId, quantity: 1 }] })),
    );
    expect((await call('dealer', traceEndpoints.shipmentDetail, { id: draft.id })).status).toBe(404);
    expect((await call('dealer', traceEndpoints.shipmentShip, { id: draft.id })).status).toBe(404);
    expect((await call('otherMaker', traceEndpoints.shipmentCancel, { id: draft.id })).status).toBe(404);
    const inbound = ok(await call('dealer', traceEndpoints.shipmentList, { direction: 'in', take: 100 }));
    expect(inbound.list.map((s: { id: number }) => s.id)).not.toContain(draft.id);
  });

  it('lists out and in, by project and keyword', async () => {
    const out = ok(await call('maker', traceEndpoints.shipmentList, { direction: 'out', take: 100 }));
    expect(out.list.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([toDealer, toSchool, toStadium]));
    const dealerIn = ok(await call('dealer', traceEndpoints.shipmentList, { direction: 'in', take: 100 }));
    expect(dealerIn.list.map((s: { id: number }) => s.id)).toContain(toDealer);
    expect(dealerIn.list.map((s: { id: number }) => s.id)).not.toContain(toSchool);
    const builderIn = ok(await call('builder', traceEndpoints.shipmentList, { direction: 'in', take: 100 }));
    expect(builderIn.list.map((s: { id: number }) => s.id)).toContain(toSchool);
    expect(builderIn.list.map((s: { id: number }) => s.id)).not.toContain(toStadium);
    const developerIn = ok(
      await call('developer', traceEndpoints.shipmentList, { direction: 'in', projectId: ctx.stadium }),
    );
    expect(developerIn.list.map((s: { id: number }) => s.id)).toEqual([toStadium]);
    const number = ok(await call('maker', traceEndpoints.shipmentDetail, { id: toSchool })).number;
    const byKeyword = ok(await call('maker', traceEndpoints.shipmentList, { keyword: number }));
    expect(byKeyword.list.map((s: { id: number }) => s.id)).toEqual([toSchool]);
    const byName = ok(await call('maker', traceEndpoints.shipmentList, { keyword: '天妃宫', take: 100 }));
    expect(byName.list.every((s: { to: { name: string } }) => s.to.name.includes('天妃宫'))).toBe(true);
    expect(byName.total).toBeGreaterThan(0);
    const supervisorIn = ok(await call('supervisor', traceEndpoints.shipmentList, { direction: 'in', take: 100 }));
    expect(supervisorIn.list.map((s: { id: number }) => s.id)).toContain(toSchool);
  });

  it('offers receivers and their addresses to shippers only', async () => {
    const list = ok(await call('maker', traceEndpoints.receiverList, { name: '恒通' }));
    expect(list.list).toEqual([
      { id: ctx.dealer.orgId, name: '南京恒通建材贸易有限公司', orgType: 7, orgTypeName: expect.any(String) },
    ]);
    const all = ok(await call('dealer', traceEndpoints.receiverList, { take: 50 }));
    expect(all.list.map((o: { id: number }) => o.id)).not.toContain(ctx.dealer.orgId);
    expect(all.list.map((o: { id: number }) => o.id)).toContain(ctx.builder.orgId);
    expect(all.list.every((o: { orgType: number }) => o.orgType === 4 || o.orgType === 7)).toBe(true);
    const addresses = ok(await call('maker', traceEndpoints.receiverAddresses, { orgId: ctx.dealer.orgId }));
    // The demo's own addresses, and this file's.
    expect(addresses).toHaveLength(demoDealerAddresses.length + 1);
    expect(addresses).toEqual(
      expect.arrayContaining([
        ...demoDealerAddresses,
        expect.objectContaining({ id: ctx.dealerAddress, name: '恒通栖霞仓库', regionName: '江苏省 南京市 栖霞区' }),
      ]),
    );
    expect((await call('maker', traceEndpoints.receiverAddresses, { orgId: ctx.maker.orgId })).status).toBe(404);
    expect((await call('builder', traceEndpoints.receiverList, {})).status).toBe(403);
  });
});
