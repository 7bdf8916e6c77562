import { procurementEndpoints as api, OrgType, traceEndpoints } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { authorisations, certificates, materialListLines, siteInspections } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { addLetter } from '../distribution/distribution.test-support.ts';
import { addAddress, addBareProduct, addLot, projectIdOf, specOf, userOf } from '../trace/trace.test-support.ts';
import { createAlternateService, createPurchaseOrderService } from './index.ts';
import { addListLine, addOrder } from './procurement.order.test-support.ts';

/**
 * Alternate suppliers and their flags (docs/procurement.md, "Alternate suppliers"): each of the three causes —
 * a certificate that ends before the required-by date, a distributor's authorisation revoked, a delivered lot
 * rejected on site — flags the line and proposes its best alternate; switching makes it the line's choice and keeps
 * the old primary, dismissed. Adding, ranking and dismissing, and who may.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
const today = shanghaiToday();
const ctx = {
  developer: { orgId: 0, userId: 0 },
  maker: { orgId: 0, userId: 0 },
  dealer: { orgId: 0, userId: 0 },
  school: 0,
  sports: 0,
};
let insul: Awaited<ReturnType<typeof specOf>>;
let mortar: Awaited<ReturnType<typeof specOf>>;

const list = async (who = 'developer', projectId = ctx.school) => ok(await call(who, api.alternateList, { projectId }));
const lineOf = async (lineId: number) => (await list()).lines.find((l) => l.lineId === lineId);

/** A line of the school's list whose primary is `spec` from `supplier`, with one standing alternate (mortar). */
async function lineWithAlternate(spec: { specId: number }, supplierOrgId: number, requiredBy = addDays(today, 60)) {
  const lineId = await addListLine(server.database.db, {
    projectId: ctx.school,
    createdBy: ctx.developer.userId,
    requiredBy,
    chosenSpecId: spec.specId,
    chosenSupplierOrgId: supplierOrgId,
  });
  const alt = ok(
    await call('developer', api.alternateSave, {
      listLineId: lineId,
      supplierOrgId: ctx.maker.orgId,
      specId: mortar.specId,
      quotedUnitPriceFen: 1200,
      reason: '同厂备选，价格相近',
      notPrimaryReason: '运距稍远',
    }),
  );
  return { lineId, altId: alt.id };
}

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    dealer: '13800000002',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  ctx.developer = await userOf(server, who.developer);
  ctx.maker = await userOf(server, who.maker);
  ctx.dealer = await userOf(server, who.dealer);
  ctx.school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  ctx.sports = await projectIdOf(server, '建邺区青少年体育中心');
  insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  mortar = await specOf(server, '干混砌筑砂浆', 'DM M10 袋装');
});
afterAll(() => server?.stop());

describe('flags and switching', () => {
  it('flags a certificate that ends before the required-by date, proposes the alternate, and switches to it', async () => {
    // A product of its own, so the demo's certificates stay as they are for the other tests.
    const p = await addBareProduct(server, ctx.maker, '320100');
    await server.database.db.insert(certificates).values({
      certNo: `T-${p.productId}`,
      publicId: `t-${p.productId}`,
      type: 1,
      holderOrgId: ctx.maker.orgId,
      productId: p.productId,
      issuerOrgId: ctx.maker.orgId,
      starRating: 2,
      validFrom: addDays(today, -300),
      validUntil: addDays(today, 300),
      content: '{}',
      contentSha256: '00',
    });
    const { lineId, altId } = await lineWithAlternate(p, ctx.maker.orgId);
    expect(await lineOf(lineId)).toMatchObject({ flags: [], proposedId: null });

    await server.database.db
      .update(certificates)
      .set({ validUntil: addDays(today, 10) })
      .where(eq(certificates.productId, p.productId));
    const flagged = await lineOf(lineId);
    expect(flagged?.flags.map((f) => f.flag)).toEqual(['certificate_lapses']);
    expect(flagged?.proposedId).toBe(altId);
    expect(flagged?.alternates.find((a) => a.id === altId)?.status).toBe('proposed');
    // Flagged lines come first.
    expect((await list()).lines[0]?.flags.length).toBeGreaterThan(0);

    const switched = ok(await call('developer', api.alternateSwitch, { id: altId }));
    expect(switched).toEqual({ lineId, projectId: ctx.school });
    const after = await lineOf(lineId);
    expect(after?.primary).toMatchObject({ specId: mortar.specId, supplierOrgId: ctx.maker.orgId });
    expect(after?.alternates.map((a) => [a.specId, a.status])).toEqual(
      expect.arrayContaining([
        [mortar.specId, 'switched'],
        [p.specId, 'dismissed'],
      ]),
    );
    expect(after?.alternates.find((a) => a.specId === p.specId)?.notPrimaryReason).toContain('需用日期');
    expect((await call('developer', api.alternateSwitch, { id: altId })).status).toBe(409);
  });

  it('flags a distributor whose authorisation was revoked', async () => {
    const p = await addBareProduct(server, ctx.maker, '320100');
    await addLetter(server.database.db, {
      makerOrgId: ctx.maker.orgId,
      distributorOrgId: ctx.dealer.orgId,
      items: [{ productId: p.productId }],
    });
    const { lineId, altId } = await lineWithAlternate(p, ctx.dealer.orgId);
    expect((await lineOf(lineId))?.flags).toEqual([]);
    await server.database.db
      .update(authorisations)
      .set({ status: 'revoked' })
      .where(eq(authorisations.distributorOrgId, ctx.dealer.orgId));
    const flagged = await lineOf(lineId);
    expect(flagged?.flags.map((f) => f.flag)).toEqual(['authorisation_lost']);
    expect(flagged?.primary?.supplierOrgId).toBe(ctx.dealer.orgId);
    expect(flagged?.proposedId).toBe(altId);
  });

  it('flags a lot delivered for the line that failed on site', async () => {
    const { lineId, altId } = await lineWithAlternate(insul, ctx.maker.orgId, addDays(today, 20));
    const order = await addOrder(server.database.db, {
      projectId: ctx.school,
      buyerOrgId: ctx.developer.orgId,
      supplierOrgId: ctx.maker.orgId,
      createdBy: ctx.developer.userId,
      status: 'confirmed',
      lines: [{ productId: insul.productId, specId: insul.specId, quantity: '5', listLineId: lineId }],
    });
    const from = await addAddress(server, ctx.maker.orgId, { kind: 'factory' });
    const lotId = await addLot(server, insul, 10);
    const draft = ok(
      await call('maker', api.orderShip, {
        id: order.id,
        fromAddressId: from,
        shipDate: today,
        lines: [{ orderLineId: order.lineIds[0] as number, lotId, quantity: 5 }],
      }),
    );
    ok(await call('maker', traceEndpoints.shipmentShip, { id: draft.shipmentId }));
    const shipment = ok(await call('maker', traceEndpoints.shipmentDetail, { id: draft.shipmentId }));
    ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: draft.shipmentId,
        arrivedOn: today,
        lines: [{ shipmentLineId: shipment.lines[0]?.id as number, received: 5, accepted: 5, rejected: 0 }],
      }),
    );
    expect((await lineOf(lineId))?.flags).toEqual([]);
    // The supervising engineer rejects the lot at its inspection.
    await server.database.db.update(siteInspections).set({ state: 'rejected' }).where(eq(siteInspections.lotId, lotId));
    const flagged = await lineOf(lineId);
    expect(flagged?.flags.map((f) => f.flag)).toEqual(['lot_failed']);
    expect(flagged?.flags[0]?.detail).toMatch(/^进场验收 .+ 不合格$/);
    expect(flagged?.proposedId).toBe(altId);
  });
});

describe('keeping alternates', () => {
  it('adds, re-ranks and dismisses alternates, at most five standing per line', async () => {
    const lineId = await addListLine(server.database.db, {
      projectId: ctx.school,
      createdBy: ctx.developer.userId,
      requiredBy: addDays(today, 30),
    });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await addBareProduct(server, ctx.maker, '320100');
      ids.push(
        ok(
          await call('developer', api.alternateSave, {
            listLineId: lineId,
            supplierOrgId: ctx.maker.orgId,
            specId: p.specId,
            reason: `备选 ${i + 1}`,
          }),
        ).id,
      );
    }
    const sixth = await addBareProduct(server, ctx.maker, '320100');
    const full = await call('developer', api.alternateSave, {
      listLineId: lineId,
      supplierOrgId: ctx.maker.orgId,
      specId: sixth.specId,
      reason: '第六个',
    });
    expect(fieldsOf(full).listLineId).toBe('每行最多 5 个备选供应商');
    ok(await call('builder', api.alternateMove, { id: ids[2] as number, direction: 'up' }));
    const ranked = (await lineOf(lineId))?.alternates.filter((a) => a.status === 'standby').map((a) => a.id);
    expect(ranked).toEqual([ids[0], ids[2], ids[1], ids[3], ids[4]]);
    ok(await call('developer', api.alternateDismiss, { id: ids[0] as number, reason: '报价过期' }));
    expect((await call('developer', api.alternateDismiss, { id: ids[0] as number, reason: '再来' })).status).toBe(409);
    ok(
      await call('developer', api.alternateSave, {
        listLineId: lineId,
        supplierOrgId: ctx.maker.orgId,
        specId: sixth.specId,
        reason: '第六个',
      }),
    );
    // The same choice twice; a supplier that neither makes nor distributes it.
    const twice = await call('developer', api.alternateSave, {
      listLineId: lineId,
      supplierOrgId: ctx.maker.orgId,
      specId: sixth.specId,
      reason: '重复',
    });
    expect(twice.status).toBe(400);
    const stranger = await call('developer', api.alternateSave, {
      listLineId: lineId,
      supplierOrgId: ctx.developer.orgId,
      specId: sixth.specId,
      reason: '错误供应商',
    });
    expect(fieldsOf(stranger).supplierOrgId).toBe('供应商须是该产品的生产企业或经销商');
    expect(fieldsOf(await callRaw('developer', api.alternateSave, { listLineId: lineId }))).toMatchObject({
      supplierOrgId: expect.any(String),
      specId: expect.any(String),
      reason: expect.any(String),
    });
  });

  it('answers 404 to a buyer not on the project, 403 to a supplier or supervisor, 401 without a session', async () => {
    const lineId = await addListLine(server.database.db, {
      projectId: ctx.sports,
      createdBy: ctx.developer.userId,
      requiredBy: addDays(today, 30),
    });
    // The construction unit has not joined the sports centre.
    expect((await call('builder', api.alternateList, { projectId: ctx.sports })).status).toBe(404);
    const body = { listLineId: lineId, supplierOrgId: ctx.maker.orgId, specId: mortar.specId, reason: '备选' };
    expect((await call('builder', api.alternateSave, body)).status).toBe(404);
    const own = ok(await call('developer', api.alternateSave, body));
    for (const e of [api.alternateSwitch, api.alternateMove, api.alternateDismiss]) {
      const res = await call('builder', e, { id: own.id, direction: 'up', reason: '越权' });
      expect(res.status, e.path).toBe(404);
    }
    expect((await call('maker', api.alternateList, { projectId: ctx.school })).status).toBe(403);
    expect((await call('supervisor', api.alternateList, { projectId: ctx.school })).status).toBe(403);
    expect((await call(null, api.alternateList, { projectId: ctx.school })).status).toBe(401);
    expect(fieldsOf(await callRaw('developer', api.alternateList, { projectId: 'x' }))).toHaveProperty('projectId');
    const [row] = await server.database.db
      .select({ chosen: materialListLines.chosenSpecId })
      .from(materialListLines)
      .where(eq(materialListLines.id, lineId));
    expect(row?.chosen).toBeNull();
  });

  it('serves the demo seed through the module’s services', async () => {
    const user: SessionUser = {
      userId: ctx.developer.userId,
      sessionId: 0,
      appCode: 'jcbb',
      mobile: '13800000005',
      username: '13800000005',
      realName: null,
      orgId: ctx.developer.orgId,
      orgType: OrgType.DEVELOPER,
      roles: [],
    };
    const db = server.database.db;
    expect((await createAlternateService({ db }).list(user, ctx.school)).lines.length).toBeGreaterThan(0);
    const o = await addOrder(db, {
      projectId: ctx.school,
      buyerOrgId: ctx.developer.orgId,
      supplierOrgId: ctx.maker.orgId,
      createdBy: ctx.developer.userId,
      lines: [{ productId: mortar.productId, specId: mortar.specId, quantity: '1' }],
    });
    await createPurchaseOrderService({ db }).send(user, o.id);
    expect((await createPurchaseOrderService({ db }).detail(user, o.id)).status).toBe('sent');
  });
});
