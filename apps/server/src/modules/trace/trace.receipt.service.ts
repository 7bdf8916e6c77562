import {
  CodeStatus,
  type FieldError,
  OrgType,
  type ReceiptView,
  type RejectReasonValue,
  rejectReasonLabels,
  ShipmentStatus,
  type ShipmentStatusValue,
  StockBucket,
  TraceAlertKind,
  traceAlertLabels,
} from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { businessMoment, shanghaiToday } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { URN } from './trace.epcis.ts';
import { notBeforeShipmentEvents, recordTraceEvent } from './trace.events.ts';
import type { ProjectIntake } from './trace.intake.ts';
import { type CreateBody, checkArrival, type Planned, planLines } from './trace.receipt.checks.ts';
import * as receiptRepo from './trace.receipt.repository.ts';
import { requireMove } from './trace.shipment.checks.ts';
import { writeDraft } from './trace.shipment.draft.ts';
import { buildMovementEvent, lotQuantity, type MovementLine, type PartyRef } from './trace.shipment.events.ts';
import { channelOf, shipmentUrl, tellShipper } from './trace.shipment.messages.ts';
import { moveShipmentOrConflict } from './trace.shipment.movement.ts';
import { withNumber } from './trace.shipment.numbering.ts';
import { destinationOf, requireShipment, returnSource, sideOf } from './trace.shipment.parties.ts';
import * as repo from './trace.shipment.repository.ts';
import { shipDraft } from './trace.shipment.service.ts';
import { receiptViews } from './trace.shipment.views.ts';
import { type Holder, holderKey, moveStock, parseHolderKey } from './trace.stock.ts';
import { FINISHED_STATES } from './trace.transitions.ts';

const NOT_FOUND = '收货单不存在';

type Receipt = { id: number; number: string };

/** Does the receipt receive everything still outstanding on the shipment (then it is received)? */
function completes(lineRows: repo.LineRow[], plan: Planned[]): boolean {
  const now = new Map(plan.map((p) => [p.line.id, p.received]));
  return lineRows.every(
    (r) =>
      toMilli(r.line.quantity) -
        toMilli(r.line.accepted) -
        toMilli(r.line.rejected) -
        toMilli(r.line.cancelled) -
        (now.get(r.line.id) ?? 0) ===
      0,
  );
}

/** The receipt's row, numbered SH…, and its lines. */
async function insertReceipt(
  tx: Tx,
  user: SessionUser,
  s: repo.ShipmentRow,
  b: CreateBody,
  plan: Planned[],
): Promise<Receipt> {
  const receipt = await withNumber(tx, 'receipts', 'SH', async (sp, number) => ({
    id: await repo.insertReceipt(sp, {
      number,
      shipmentId: s.id,
      receiverOrgId: user.orgId as number,
      holderKey: s.toHolderKey,
      arrivedOn: b.arrivedOn,
      deliveryNoteNo: b.deliveryNoteNo ?? null,
      remarks: b.remarks ?? null,
      photos: b.photoUploadIds,
      createdBy: user.userId,
    }),
    number,
  }));
  await repo.insertReceiptLines(
    tx,
    plan.map((p) => ({
      receiptId: receipt.id,
      shipmentLineId: p.line.id,
      received: milliText(p.received),
      accepted: milliText(p.accepted),
      rejected: milliText(p.rejected),
      rejectReason: p.reason,
      rejectedCodes: p.rejectedCodes,
    })),
  );
  return receipt;
}

/** Accepted goods into the holder's usable stock (a project's: quarantined), rejected ones into its rejected bucket; the lines' tallies updated. */
async function receiveStock(
  tx: Tx,
  user: SessionUser,
  holder: Holder,
  receiptId: number,
  plan: Planned[],
  at: Date,
): Promise<void> {
  const base = { holder, docType: 'receipt' as const, docId: receiptId, occurredAt: at, userId: user.userId };
  await moveStock(tx, [
    ...plan
      .filter((p) => p.accepted > 0)
      .map((p) => ({
        ...base,
        specId: p.line.specId,
        lotId: p.line.lotId,
        // A project's site quarantines what it receives until its inspection releases it (docs/construction.md).
        bucket: holder.kind === 'project' ? StockBucket.QUARANTINED : StockBucket.USABLE,
        quantity: fromMilli(p.accepted),
        reason: 'receive' as const,
      })),
    ...plan
      .filter((p) => p.rejected > 0)
      .map((p) => ({
        ...base,
        specId: p.line.specId,
        lotId: p.line.lotId,
        bucket: StockBucket.REJECTED,
        quantity: fromMilli(p.rejected),
        reason: 'reject' as const,
      })),
  ]);
  for (const p of plan) {
    await repo.updateLine(tx, p.line.id, {
      accepted: milliText(toMilli(p.line.accepted) + p.accepted),
      rejected: milliText(toMilli(p.line.rejected) + p.rejected),
    });
  }
}

/**
 * The codes that arrived, with what they contain: accepted ones held by the receiver, rejected ones rejected, both
 * off their reservation; at a project, the two-sites alert. Answers the codes of each part.
 */
async function settleCodes(tx: Tx, s: repo.ShipmentRow, holder: Holder, plan: Planned[]) {
  const acceptedTop = plan.flatMap((p) => p.acceptedCodes);
  const rejectedTop = plan.flatMap((p) => p.rejectedCodes);
  const accepted = [...acceptedTop, ...(await repo.descendantsOf(tx, acceptedTop))];
  const rejected = [...rejectedTop, ...(await repo.descendantsOf(tx, rejectedTop))];
  await repo.setCodes(tx, accepted, { status: CodeStatus.HELD, holderKey: s.toHolderKey });
  await repo.setCodes(tx, rejected, { status: CodeStatus.REJECTED, holderKey: s.toHolderKey });
  // A code with an outcome is no longer on its way: it may leave again (onward, or as a return) while the
  // rest of the shipment is still travelling.
  await repo.closeShipmentCodes(tx, s.id, { codes: acceptedTop, outcome: 'accepted' });
  await repo.closeShipmentCodes(tx, s.id, { codes: rejectedTop, outcome: 'rejected' });
  if (holder.kind === 'project' && accepted.length > 0) {
    await twoSites(tx, s, holder.projectId, accepted);
  }
  return { accepted, rejected };
}

/**
 * The two-sites alert (docs/traceability.md, "The public scan page"): codes received at a project after they had
 * already been received at another one. Raised once per code; the manufacturer is told of the new ones.
 */
async function twoSites(tx: Tx, s: repo.ShipmentRow, projectId: number, codes: string[]) {
  const rows = await repo.codesByIds(tx, codes);
  const elsewhere = [...rows.values()].filter((c) => c.receivedProjectId !== null && c.receivedProjectId !== projectId);
  await repo.setReceivedProject(tx, codes, projectId);
  if (elsewhere.length === 0) return;
  const raised = await receiptRepo.raiseAlerts(
    tx,
    TraceAlertKind.TWO_SITES,
    elsewhere.map((c) => ({
      code: c.code,
      orgId: c.orgId,
      shipmentId: s.id,
      details: { firstProjectId: c.receivedProjectId, projectId, shipmentNumber: s.number },
    })),
  );
  const byOrg = new Map<number, string[]>();
  for (const r of raised) byOrg.set(r.orgId, [...(byOrg.get(r.orgId) ?? []), r.code]);
  for (const [orgId, list] of byOrg) {
    await sendMessage(
      tx,
      { orgId },
      {
        channel: channelOf(OrgType.MANUFACTURER),
        title: `追溯预警：${list.length} 个追溯码出现在两个项目现场`,
        content: `${traceAlertLabels.two_sites.zh}。发货单 ${s.number}，追溯码：${list.slice(0, 20).join('、')}${list.length > 20 ? ' 等' : ''}。`,
        targetUrl: shipmentUrl(s.id),
      },
    );
  }
}

/** One part of a receipt (accepted or rejected) as an event covers it: the uncoded quantities and every line. */
function eventPart(plan: Planned[], part: 'accepted' | 'rejected') {
  const codesOf = (p: Planned) => (part === 'accepted' ? p.acceptedCodes : p.rejectedCodes);
  const coded = new Set(plan.filter((p) => p.acceptedCodes.length + p.rejectedCodes.length > 0).map((p) => p.line.id));
  const quantities = plan
    .filter((p) => !coded.has(p.line.id) && p[part] > 0)
    .map((p) => lotQuantity(p.line.lotId, fromMilli(p[part]), p.line.unitId));
  const lines: MovementLine[] = plan.map((p) => ({
    lotId: p.line.lotId,
    unitId: p.line.unitId,
    quantity: fromMilli(p[part]),
    codeCount: codesOf(p).length,
  }));
  return { quantities, lines };
}

/** The shipper and the receiving side as a receipt's events name them (a project's receiver: the caller's organisation). */
async function receiptParties(tx: Tx, s: repo.ShipmentRow, receiverOrgId: number) {
  const dest = await destinationOf(tx, s);
  const from: PartyRef =
    s.fromProjectId === null
      ? { kind: 'org', orgId: s.fromOrgId }
      : { kind: 'project', projectId: s.fromProjectId, orgId: s.fromOrgId };
  const to: PartyRef & { regionCode: string | null } =
    dest.kind === 'org'
      ? { kind: 'org', orgId: dest.org.id, regionCode: s.toRegionCode }
      : { kind: 'project', projectId: dest.project.id, orgId: receiverOrgId, regionCode: s.toRegionCode };
  return { from, to };
}

/** The events of a receipt: the accepted part received, the rejected part inspected and found non-conformant. */
async function recordReceiptEvents(
  tx: Tx,
  user: SessionUser,
  got: { s: repo.ShipmentRow; receipt: Receipt; plan: Planned[]; at: Date },
  codes: { accepted: string[]; rejected: string[] },
): Promise<void> {
  const { s, receipt, plan, at } = got;
  const receiverOrgId = user.orgId as number;
  const { from, to } = await receiptParties(tx, s, receiverOrgId);
  const accepted = eventPart(plan, 'accepted');
  const rejected = eventPart(plan, 'rejected');
  const recadv = { type: 'recadv' as const, id: URN.receipt(receipt.number) };
  const record = { orgId: receiverOrgId, regionCode: s.toRegionCode, shipmentId: s.id, receiptId: receipt.id };
  const where = { at, regionCode: s.toRegionCode, actorOrgId: receiverOrgId };
  if (codes.accepted.length > 0 || accepted.quantities.length > 0) {
    await recordTraceEvent(tx, {
      ...record,
      event: await buildMovementEvent(tx, {
        bizStep: 'receiving',
        disposition: 'in_progress',
        codes: codes.accepted,
        ...accepted,
        ...where,
        from,
        to,
        transactions: [{ type: 'desadv', id: URN.shipment(s.number) }, recadv],
      }),
      codes: codes.accepted,
    });
  }
  if (codes.rejected.length > 0 || rejected.quantities.length > 0) {
    const reasons = plan.flatMap((p) => (p.rejected > 0 && p.reason ? [rejectReasonLabels[p.reason].zh] : []));
    await recordTraceEvent(tx, {
      ...record,
      event: await buildMovementEvent(tx, {
        bizStep: 'inspecting',
        disposition: 'non_conformant',
        codes: codes.rejected,
        ...rejected,
        ...where,
        transactions: [recadv],
        reason: [...new Set(reasons)].join('、'),
      }),
      codes: codes.rejected,
    });
  }
}

/** The receipt's audit rows (the receipt made, the shipment received) and the shipper's message. */
async function reportReceipt(
  tx: Tx,
  user: SessionUser,
  got: { s: repo.ShipmentRow; receipt: Receipt; plan: Planned[]; b: CreateBody },
  to: ShipmentStatusValue,
): Promise<void> {
  const { s, receipt, plan, b } = got;
  const acceptedTotal = plan.reduce((sum, p) => sum + p.accepted, 0);
  const rejectedTotal = plan.reduce((sum, p) => sum + p.rejected, 0);
  await recordAudit(tx, {
    entity: 'receipt',
    entityId: receipt.id,
    action: 'create',
    actor: user,
    data: { shipmentId: s.id, accepted: fromMilli(acceptedTotal), rejected: fromMilli(rejectedTotal) },
  });
  await recordAudit(tx, {
    entity: 'shipment',
    entityId: s.id,
    action: 'receive',
    fromState: s.status,
    toState: to,
    actor: user,
    orgId: s.fromOrgId,
    data: { receiptId: receipt.id },
  });
  const receiver = await repo.orgById(tx, user.orgId as number);
  const reasons = [...new Set(plan.map((p) => p.reason).filter((r): r is RejectReasonValue => r !== null))];
  await tellShipper(
    tx,
    s,
    `收货单 ${receipt.number} 已确认：合格 ${fromMilli(acceptedTotal)}，拒收 ${fromMilli(rejectedTotal)}`,
    `${receiver?.name ?? ''}确认收到发货单 ${s.number} 的货物（到货日期 ${b.arrivedOn}）：合格 ${fromMilli(acceptedTotal)}，拒收 ${fromMilli(rejectedTotal)}${reasons.length > 0 ? `，拒收原因：${reasons.map((r) => rejectReasonLabels[r].zh).join('、')}` : ''}。${to === ShipmentStatus.RECEIVED ? '发货单已全部收货。' : ''}`,
  );
}

/** A receipt into a project's stock: the site records the delivery and quarantines each lot (trace.intake.ts). */
async function startIntake(
  tx: Tx,
  user: SessionUser,
  r: { s: repo.ShipmentRow; receipt: Receipt; plan: Planned[]; b: CreateBody; intake: ProjectIntake },
) {
  const holder = parseHolderKey(r.s.toHolderKey);
  if (holder.kind !== 'project') return;
  const idOf = new Map((await receiptRepo.lineIdsOf(tx, r.receipt.id)).map((l) => [l.shipmentLineId, l.id]));
  await r.intake.received(tx, {
    receiptId: r.receipt.id,
    projectId: holder.projectId,
    orgId: user.orgId as number,
    userId: user.userId,
    shipperOrgId: r.s.fromOrgId,
    arrivedOn: r.b.arrivedOn,
    deliveryNoteNo: r.b.deliveryNoteNo ?? null,
    lines: r.plan
      .filter((p) => p.accepted > 0)
      .map((p) => ({
        receiptLineId: idOf.get(p.line.id) as number,
        lotId: p.line.lotId,
        productId: p.line.productId,
        specId: p.line.specId,
        quantity: fromMilli(p.accepted),
      })),
  });
}

/**
 * Receive (part of) a shipment: checked, numbered, the goods into the receiver's stock (accepted or rejected), the
 * codes settled, the shipment moved on, its events on the ledger, the audit rows and the shipper's message.
 * `at`: when the receipt is recorded.
 */
async function receive(
  tx: Tx,
  user: SessionUser,
  b: CreateBody,
  options: { at?: Date; toHolderKey?: string; intake?: ProjectIntake },
): Promise<Receipt> {
  const { at, intake } = options;
  const { s, side } = await requireShipment(tx, user, b.shipmentId, true);
  if (options.toHolderKey !== undefined && s.toHolderKey !== options.toHolderKey) throw notFound('发货单不存在');
  requireMove(side, 'receive', s.status);
  const fields: FieldError[] = [];
  await checkArrival(tx, user, s, b, fields);
  const plan = await planLines(tx, s, b, fields);
  if (fields.length > 0) throw invalidInput(fields);

  const to = requireMove(side, 'receive', s.status, { complete: completes(await repo.linesOf(tx, [s.id]), plan) });
  const holder = parseHolderKey(s.toHolderKey);
  const receipt = await insertReceipt(tx, user, s, b, plan);
  // When the goods arrived (docs/traceability.md, "Event time"): the arrival date the receiver states, never before
  // the shipment's last event (a back-dated arrival on the ship day comes after the shipping).
  const arrivedAt = await notBeforeShipmentEvents(tx, s.id, businessMoment(b.arrivedOn, at ?? new Date()));
  await receiveStock(tx, user, holder, receipt.id, plan, arrivedAt);
  const codes = await settleCodes(tx, s, holder, plan);
  if (holder.kind === 'project' && intake) await startIntake(tx, user, { s, receipt, plan, b, intake });

  await moveShipmentOrConflict(tx, s, { status: to });
  if (FINISHED_STATES.includes(to)) await repo.closeShipmentCodes(tx, s.id);
  await recordReceiptEvents(tx, user, { s, receipt, plan, at: arrivedAt }, codes);
  await reportReceipt(tx, user, { s, receipt, plan, b }, to);
  return receipt;
}

/**
 * A receipt's return as far as it is the same for every return (the receiver's side checked, the original shipment
 * locked: its row lock serialises two returns of one receipt): from the receiving holder's rejected stock and codes
 * back to the organisation that shipped, the way it came, shipped today by the same transport.
 */
async function returnOfReceipt(tx: Tx, user: SessionUser, receiptId: number) {
  const receipt = await repo.receiptById(tx, receiptId);
  if (!receipt) throw notFound(NOT_FOUND);
  const s = await repo.shipmentById(tx, receipt.shipmentId, true);
  const side = s ? await sideOf(tx, user, s) : null;
  if (!s || !side) throw notFound(NOT_FOUND);
  if (side.side !== 'receiver' || !side.canReceive) throw forbidden('只有收货方可以退货');
  const org = await repo.orgById(tx, user.orgId as number);
  const shipper = await repo.orgById(tx, s.fromOrgId);
  if (!org || !shipper) throw notFound(NOT_FOUND);
  const way = {
    existing: null,
    src: returnSource(org, receipt.holderKey),
    dest: { kind: 'org' as const, org: shipper, holderKey: holderKey({ kind: 'org', orgId: shipper.id }) },
    // Back the way it came: from where it was received, to where it was shipped from.
    from: { id: s.toKind === 'org' ? s.toAddressId : null, text: s.toAddressText, regionCode: s.toRegionCode },
    to: { id: s.fromAddressId, text: s.fromAddressText, regionCode: s.fromRegionCode },
    shipDate: shanghaiToday(),
    plannedArrival: null,
    transportType: s.transportType,
    distance: {
      km: Number(s.distanceKm),
      source: s.distanceSource as 'measured' | 'default_40' | 'default_500',
    },
    vehiclePlate: null,
    returnOfReceiptId: receipt.id,
  };
  return { receipt, s, way };
}

/** The audit row of a return's draft. */
function auditReturnDraft(tx: Tx, user: SessionUser, saved: { id: number }, data: Record<string, unknown>) {
  return recordAudit(tx, { entity: 'shipment', entityId: saved.id, action: 'save', toState: 1, actor: user, data });
}

/**
 * A draft return of what a receipt turned away, from the receiver's holder (its rejected bucket) back to the
 * organisation that shipped it, with the rejected quantities and codes; the receiver edits and ships it.
 */
async function draftReturn(tx: Tx, user: SessionUser, receiptId: number) {
  const { receipt, s, way } = await returnOfReceipt(tx, user, receiptId);
  const rejectedLines = (await repo.receiptLinesOf(tx, [receipt.id])).filter((l) => toMilli(l.rejected) > 0);
  if (rejectedLines.length === 0) throw conflict('该收货单没有拒收的货物');
  if ((await repo.liveReturnsOf(tx, [receipt.id])).length > 0) throw conflict('该收货单已生成退货单');
  const lines = new Map((await repo.linesOf(tx, [s.id])).map((r) => [r.line.id, r.line]));
  const saved = await writeDraft(tx, user, {
    ...way,
    remarks: `退货：收货单 ${receipt.number} 拒收的货物`,
    lines: rejectedLines.map((l) => {
      const line = lines.get(l.shipmentLineId) as repo.LineRow['line'];
      return { specId: line.specId, lotId: line.lotId, quantity: toMilli(l.rejected), codes: l.rejectedCodes };
    }),
  });
  await recordAudit(tx, { entity: 'receipt', entityId: receipt.id, action: 'return', actor: user, data: saved });
  await auditReturnDraft(tx, user, saved, { returnOfReceiptId: receipt.id });
  return saved;
}

/** What a site sends back of a lot its inspection rejected after the receipt (the site module's disposal). */
interface SiteReturn {
  receiptId: number;
  lotId: number;
  /** Thousandths, out of the project's rejected stock. */
  quantity: number;
  /** Top-level codes of the lot, rejected at the site, whose quantities make `quantity` (none for uncoded stock). */
  codes: string[];
  remarks: string;
}

/**
 * A return of goods the receiver's site rejected after receiving them (docs/construction.md, "Inspection and
 * quarantine"): written as a receipt's return is and shipped at once — the goods leave the site as it is recorded,
 * their stock out of the project's rejected bucket and their codes in transit. `at`: when they left.
 */
async function shipSiteReturn(tx: Tx, user: SessionUser, r: SiteReturn, at: Date | undefined) {
  const { receipt, s, way } = await returnOfReceipt(tx, user, r.receiptId);
  const line = (await repo.linesOf(tx, [s.id])).find((l) => l.line.lotId === r.lotId)?.line;
  if (!line) throw notFound(NOT_FOUND);
  const saved = await writeDraft(tx, user, {
    ...way,
    remarks: r.remarks,
    lines: [{ specId: line.specId, lotId: r.lotId, quantity: r.quantity, codes: r.codes }],
  });
  await auditReturnDraft(tx, user, saved, { returnOfReceiptId: receipt.id, siteReturn: true });
  return shipDraft(tx, user, saved.id, at, undefined);
}

export type TraceReceiptService = ReturnType<typeof createTraceReceiptService>;

/**
 * Receipts (docs/traceability.md, "Receipts"): what arrived of a shipment, accepted into the receiver's usable
 * stock or turned away into its rejected bucket, final once made; and the return of what a receipt turned away.
 */
export function createTraceReceiptService({ db, intake }: { db: Db; intake?: ProjectIntake }) {
  return {
    /**
     * `options.at`: when the receipt is recorded — the demo seed states it; the API never passes one (now).
     */
    async create(user: SessionUser, b: CreateBody, options: { at?: Date } = {}) {
      return db.transaction((tx) => receive(tx, user, b, { ...options, intake }));
    },

    /**
     * The same receipt in the caller's transaction (the site module receives within its own, with its papers).
     * `options.toHolderKey`: the holder the caller receives for (a project's site): a shipment to another answers 404.
     */
    async createIn(tx: Tx, user: SessionUser, b: CreateBody, options: { at?: Date; toHolderKey?: string } = {}) {
      return receive(tx, user, b, { ...options, intake });
    },

    /** The receipt's lines, shipment line id → receipt line id (the site module's lines follow them). */
    async receiptLineIds(tx: Tx, receiptId: number): Promise<Map<number, number>> {
      const rows = await receiptRepo.lineIdsOf(tx, receiptId);
      return new Map(rows.map((r) => [r.shipmentLineId, r.id]));
    },

    async detail(user: SessionUser, id: number): Promise<ReceiptView> {
      return db.transaction(async (tx) => {
        const receipt = await repo.receiptById(tx, id);
        if (!receipt) throw notFound(NOT_FOUND);
        const shipment = await repo.shipmentById(tx, receipt.shipmentId);
        if (!shipment || !(await sideOf(tx, user, shipment))) throw notFound(NOT_FOUND);
        const receiver = await repo.orgById(tx, receipt.receiverOrgId);
        const [view] = await receiptViews(tx, [{ receipt, receiverName: receiver?.name ?? '' }]);
        return view as ReceiptView;
      });
    },

    /** A site's return of a lot it rejected after receiving it, in the caller's transaction (the site's disposal). */
    async shipSiteReturnIn(tx: Tx, user: SessionUser, r: SiteReturn, options: { at?: Date } = {}) {
      return shipSiteReturn(tx, user, r, options.at);
    },

    async returnPrefill(user: SessionUser, receiptId: number) {
      return db.transaction((tx) => draftReturn(tx, user, receiptId));
    },
  };
}
