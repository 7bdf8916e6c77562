import {
  type OrgTypeValue,
  orgTypeLabels,
  type receiverListBody,
  type ShipmentDetail,
  ShipmentStatus,
  type shipmentListBody,
} from '@jcbb/contract';
import { milliText, toMilli } from '@jcbb/contract/quantity';
import { businessMoment } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import {
  gateShipmentOf,
  requireMaySave,
  requireMayShip,
  requireMove,
  requireOwnDraft,
  requireShippable,
  shippingCarbon,
} from './trace.shipment.checks.ts';
import { writeDraft } from './trace.shipment.draft.ts';
import type { ShipmentGate } from './trace.shipment.gate.ts';
import { tellReceivers, tellShipper } from './trace.shipment.messages.ts';
import {
  moveShipmentOrConflict,
  outstandingOf,
  recordShippingEvent,
  recordVoidEvent,
  returnToShipper,
  sendOut,
} from './trace.shipment.movement.ts';
import {
  isReceiverFor,
  ownSource,
  requireShipment,
  resolveAddresses,
  resolveDestination,
  type SaveBody,
  sourceOf,
} from './trace.shipment.parties.ts';
import * as repo from './trace.shipment.repository.ts';
import { shipmentDetail, summaries } from './trace.shipment.views.ts';

/**
 * The shipment service's public functions. Its parts, each a file of this module (docs/traceability.md):
 *
 *   trace.shipment.parties.ts    who sees a shipment and from which side; where goods leave from and go to (holders),
 *                                the destination and addresses a body names
 *   trace.shipment.checks.ts     the refusals before a save or a ship: the move, certification, every line
 *   trace.shipment.draft.ts      writing a draft (also a receipt's return)
 *   trace.shipment.numbering.ts  FH/SH document numbers
 *   trace.shipment.movement.ts   what moves on ship, void and close: stock, codes, the EPCIS event
 *   trace.shipment.messages.ts   the messages to the receiving side and to the shipper
 *   trace.shipment.views.ts      rows turned into the contract's answers
 */

export type TraceShipmentService = ReturnType<typeof createTraceShipmentService>;

/** A receiving organisation's enabled addresses, as the ship wizard offers them. */
async function addressesOf(tx: Tx, orgId: number) {
  const rows = await repo.enabledAddressesOf(tx, orgId);
  const names = await repo.regionFullNames(
    tx,
    rows.map((a) => a.regionCode),
  );
  return rows.map((a) => ({
    id: a.id,
    kind: a.kind as 'factory' | 'warehouse' | 'site' | 'office',
    name: a.name,
    regionCode: a.regionCode,
    regionName: names.get(a.regionCode) ?? a.regionCode,
    detail: a.detail,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    isDefault: a.isDefault,
    enabled: a.enabled,
  }));
}

/** Save a draft: new, or the caller's existing draft (its lines replaced); a return keeps its destination. */
export async function saveShipmentDraft(tx: Tx, user: SessionUser, b: SaveBody) {
  const orgId = user.orgId as number;
  const org = await repo.orgById(tx, orgId);
  if (!org) throw notFound('单位不存在');
  const existing = b.id !== undefined ? await requireOwnDraft(tx, orgId, b.id) : null;
  requireMaySave(org, existing);
  const src = existing ? sourceOf(existing, org.type) : ownSource(orgId, org.type);
  const returnTo = existing?.returnOfReceiptId != null ? (existing.toOrgId as number) : null;
  const dest = await resolveDestination(tx, orgId, b.destination, returnTo);
  const { from, to } = await resolveAddresses(tx, src, dest, b);
  const saved = await writeDraft(tx, user, {
    existing,
    src,
    dest,
    from,
    to,
    shipDate: b.shipDate,
    plannedArrival: b.plannedArrival ?? null,
    transportType: b.transportType,
    distanceKm: b.distanceKm,
    vehiclePlate: b.vehiclePlate ?? null,
    remarks: b.remarks ?? null,
    lines: b.lines.map((l) => ({ ...l, quantity: toMilli(l.quantity) })),
    returnOfReceiptId: existing?.returnOfReceiptId ?? null,
  });
  await recordAudit(tx, {
    entity: 'shipment',
    entityId: saved.id,
    action: 'save',
    fromState: existing?.status ?? null,
    toState: ShipmentStatus.DRAFT,
    actor: user,
    data: { lines: b.lines.length },
  });
  return saved;
}

/**
 * Ship a draft: checked again as it stands, its goods out of the shipper's stock and its codes in transit, evidence
 * and carbon snapshotted, the shipping event on the ledger, the receivers told. `at`: when the shipper ships.
 */
export async function shipDraft(
  tx: Tx,
  user: SessionUser,
  id: number,
  at: Date | undefined,
  gate: ShipmentGate | undefined,
) {
  const { s, side } = await requireShipment(tx, user, id, true);
  const to = requireMove(side, 'ship', s.status);
  const recorded = at ?? new Date();
  await requireMayShip(tx, s, recorded);
  const lineRows = await repo.linesOf(tx, [s.id]);
  const codeRows = await repo.shipmentCodeRows(tx, s.id);
  const { org, src, dest, evidence } = await requireShippable(tx, s, lineRows, codeRows);
  const carbon = shippingCarbon(s, lineRows);
  // Another module's rules on shipping (distribution's scope under a lock): refused, or recorded in this transaction.
  await gate?.ship(tx, gateShipmentOf(s, src.orgType, lineRows));

  const leftAt = businessMoment(s.shipDate, recorded);
  const shipment = { s, src, dest, lineRows, codeRows };
  const codes = await sendOut(tx, user, shipment, evidence, leftAt);
  await moveShipmentOrConflict(tx, s, {
    status: to,
    shippedAt: recorded,
    massKg: carbon.massKg === null ? null : carbon.massKg.toFixed(3),
    kgCo2e: carbon.kgCO2e === null ? null : carbon.kgCO2e.toFixed(3),
    missingMassLines: carbon.missingMassLines,
  });
  await recordShippingEvent(tx, shipment, { codes, carbon, leftAt });
  await recordAudit(tx, {
    entity: 'shipment',
    entityId: s.id,
    action: 'ship',
    fromState: s.status,
    toState: to,
    actor: user,
    data: { kgCO2e: carbon.kgCO2e, missingMassLines: carbon.missingMassLines },
  });
  await tellReceivers(
    tx,
    s,
    `${src.isReturn ? '退货' : '发货'}通知：${s.number}`,
    `${org?.name ?? ''}已发出${src.isReturn ? '退货单' : '发货单'} ${s.number}（${lineRows.length} 行，发货日期 ${s.shipDate}），货到后请确认收货。`,
  );
  return { id: s.id, number: s.number };
}

/** Void a shipped shipment nothing of which was received: all of it back into the shipper's stock, with its codes. */
async function voidShipment(tx: Tx, user: SessionUser, id: number, reason: string, gate: ShipmentGate | undefined) {
  const { s, side } = await requireShipment(tx, user, id, true);
  const to = requireMove(side, 'void', s.status);
  const org = await repo.orgById(tx, s.fromOrgId);
  const src = sourceOf(s, org?.type ?? 0);
  const lineRows = await repo.linesOf(tx, [s.id]);
  const codeRows = await repo.shipmentCodeRows(tx, s.id);
  // The gate's rows first, as shipping takes them before stock and the ledger (no two transactions wait in turn).
  await gate?.withdrawn(
    tx,
    s.id,
    lineRows.map((r) => ({ lineId: r.line.id, quantity: r.line.quantity })),
  );
  const back = await returnToShipper(
    tx,
    user,
    { s, src },
    lineRows.map((r) => ({ line: r.line, quantity: toMilli(r.line.quantity) })),
    codeRows,
  );
  await repo.closeShipmentCodes(tx, s.id);
  await moveShipmentOrConflict(tx, s, { status: to, closeReason: reason });
  await recordVoidEvent(tx, s, src, back);
  await recordAudit(tx, {
    entity: 'shipment',
    entityId: s.id,
    action: 'void',
    fromState: s.status,
    toState: to,
    actor: user,
    reason,
  });
  await tellReceivers(
    tx,
    s,
    `发货单已作废：${s.number}`,
    `${org?.name ?? ''}作废了发货单 ${s.number}，原因：${reason}。货物不再发往贵方。`,
  );
  return { id: s.id, number: s.number };
}

/** Close a shipment on its way: what is still outstanding is cancelled on its lines and goes back to the shipper. */
async function closeShipment(tx: Tx, user: SessionUser, id: number, reason: string, gate: ShipmentGate | undefined) {
  const { s, side } = await requireShipment(tx, user, id, true);
  const to = requireMove(side, 'close', s.status);
  const org = await repo.orgById(tx, s.fromOrgId);
  const src = sourceOf(s, org?.type ?? 0);
  const lineRows = await repo.linesOf(tx, [s.id]);
  const codeRows = await repo.shipmentCodeRows(tx, s.id);
  // What is still on its way is cancelled on the line and — a choice (docs/traceability.md, "Shipment
  // states") — goes back into the shipper's stock with its codes: the shipper then holds what never
  // arrived, and writes off a real loss with an adjustment of its own.
  const outstanding = outstandingOf(lineRows);
  // The gate's rows first, as shipping takes them before stock and the ledger (no two transactions wait in turn).
  const withdrawn = outstanding.filter((o) => o.quantity > 0);
  if (withdrawn.length > 0) {
    await gate?.withdrawn(
      tx,
      s.id,
      withdrawn.map((o) => ({ lineId: o.line.id, quantity: milliText(o.quantity) })),
    );
  }
  for (const o of outstanding) {
    if (o.quantity > 0) {
      await repo.updateLine(tx, o.line.id, { cancelled: milliText(toMilli(o.line.cancelled) + o.quantity) });
    }
  }
  const travelling = codeRows.filter((c) => c.open && c.outcome === null);
  const back = await returnToShipper(tx, user, { s, src }, outstanding, travelling);
  await repo.closeShipmentCodes(tx, s.id);
  await moveShipmentOrConflict(tx, s, { status: to, closeReason: reason });
  if (back.codes.length > 0 || back.quantities.length > 0) await recordVoidEvent(tx, s, src, back);
  await recordAudit(tx, {
    entity: 'shipment',
    entityId: s.id,
    action: 'close',
    fromState: s.status,
    toState: to,
    actor: user,
    reason,
  });
  const title = `发货单已关闭：${s.number}`;
  const content = `发货单 ${s.number} 已关闭，未收部分不再收货，原因：${reason}。`;
  if (side.side === 'shipper') await tellReceivers(tx, s, title, content);
  else await tellShipper(tx, s, title, content);
  return { id: s.id, number: s.number };
}

/**
 * Shipments (docs/traceability.md, "Shipment states"): drafts, shipping, cancelling, voiding and closing, each one
 * transaction with its stock moves, code states, EPCIS event on the ledger, audit row and messages.
 */
export function createTraceShipmentService({ db, gate }: { db: Db; gate?: ShipmentGate }) {
  return {
    async receiverList(user: SessionUser, b: z.output<typeof receiverListBody>) {
      const { rows, total } = await repo.receivers(db, { exceptOrgId: user.orgId ?? 0, ...b });
      return {
        list: rows.map((r) => ({ ...r, orgTypeName: orgTypeLabels[r.orgType as OrgTypeValue]?.zh ?? '' })),
        total,
      };
    },

    async receiverAddresses(user: SessionUser, orgId: number) {
      return db.transaction(async (tx) => {
        if (!isReceiverFor(await repo.orgById(tx, orgId), user.orgId)) throw notFound('收货单位不存在');
        return addressesOf(tx, orgId);
      });
    },

    async list(user: SessionUser, b: z.output<typeof shipmentListBody>) {
      if (user.orgId === null) return { list: [], total: 0 };
      const orgId = user.orgId;
      return db.transaction(async (tx) => {
        const { rows, total } = await repo.listShipments(tx, { orgId, ...b });
        return { list: await summaries(tx, rows), total };
      });
    },

    async save(user: SessionUser, b: SaveBody) {
      return db.transaction((tx) => saveShipmentDraft(tx, user, b));
    },

    async detail(user: SessionUser, id: number): Promise<ShipmentDetail> {
      return db.transaction(async (tx) => {
        const { s, side } = await requireShipment(tx, user, id);
        return shipmentDetail(tx, s, side, gate);
      });
    },

    /** `options.at`: when the shipper ships — the demo seed states it; the API never passes one (now). */
    async ship(user: SessionUser, id: number, options: { at?: Date } = {}) {
      return db.transaction((tx) => shipDraft(tx, user, id, options.at, gate));
    },

    async cancel(user: SessionUser, id: number, reason: string | undefined) {
      return db.transaction(async (tx) => {
        const { s, side } = await requireShipment(tx, user, id, true);
        const to = requireMove(side, 'cancel', s.status);
        await repo.closeShipmentCodes(tx, s.id);
        await moveShipmentOrConflict(tx, s, { status: to, closeReason: reason ?? null });
        await recordAudit(tx, {
          entity: 'shipment',
          entityId: s.id,
          action: 'cancel',
          fromState: s.status,
          toState: to,
          actor: user,
          reason: reason ?? null,
        });
        return { id: s.id, number: s.number };
      });
    },

    async void(user: SessionUser, id: number, reason: string) {
      return db.transaction((tx) => voidShipment(tx, user, id, reason, gate));
    },

    async close(user: SessionUser, id: number, reason: string) {
      return db.transaction((tx) => closeShipment(tx, user, id, reason, gate));
    },
  };
}
