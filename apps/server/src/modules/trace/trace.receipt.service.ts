import {
  CodeStatus,
  type FieldError,
  OrgType,
  type ReceiptView,
  type RejectReasonValue,
  type receiptCreateBody,
  rejectReasonLabels,
  StockBucket,
  TraceAlertKind,
  traceAlertLabels,
} from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { businessMoment, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { URN } from './trace.epcis.ts';
import { notBeforeShipmentEvents, recordTraceEvent } from './trace.events.ts';
import type { ProjectIntake } from './trace.intake.ts';
import * as receiptRepo from './trace.receipt.repository.ts';
import { buildMovementEvent, lotQuantity, type PartyRef } from './trace.shipment.events.ts';
import * as repo from './trace.shipment.repository.ts';
import {
  channelOf,
  destinationOf,
  receiptViews,
  requireMove,
  requireShipment,
  type Source,
  shipmentUrl,
  sideOf,
  tellShipper,
  withNumber,
  writeDraft,
} from './trace.shipment.service.ts';
import { holderKey, moveStock, parseHolderKey } from './trace.stock.ts';
import { FINISHED_STATES } from './trace.transitions.ts';

const NOT_FOUND = '收货单不存在';

type CreateBody = z.output<typeof receiptCreateBody>;

/** One line of a receipt, checked: quantities in thousandths, the codes accepted and turned away. */
interface Planned {
  line: repo.LineRow['line'];
  received: number;
  accepted: number;
  rejected: number;
  reason: RejectReasonValue | null;
  acceptedCodes: string[];
  rejectedCodes: string[];
}

export type TraceReceiptService = ReturnType<typeof createTraceReceiptService>;

/**
 * Receipts (docs/traceability.md, "Receipts"): what arrived of a shipment, accepted into the receiver's usable
 * stock or turned away into its rejected bucket, final once made; and the return of what a receipt turned away.
 */
export function createTraceReceiptService({ db, intake }: { db: Db; intake?: ProjectIntake }) {
  /** Field problems of a receipt's lines against the shipment's lines and codes; the plan when there are none. */
  async function planLines(tx: Tx, s: repo.ShipmentRow, b: CreateBody, fields: FieldError[]): Promise<Planned[]> {
    const put = (field: string, message: string) => {
      if (!fields.some((f) => f.field === field)) fields.push({ field, message });
    };
    const lineRows = await repo.linesOf(tx, [s.id]);
    const byId = new Map(lineRows.map((r) => [r.line.id, r.line]));
    const codeRows = await repo.shipmentCodeRows(tx, s.id);
    const seen = new Set<number>();
    const plan: Planned[] = [];
    for (const [i, l] of b.lines.entries()) {
      const line = byId.get(l.shipmentLineId);
      if (!line) {
        put(`lines.${i}.shipmentLineId`, '发货明细不属于该发货单');
        continue;
      }
      if (seen.has(line.id)) {
        put(`lines.${i}.shipmentLineId`, '发货明细重复');
        continue;
      }
      seen.add(line.id);
      const received = toMilli(l.received);
      const accepted = toMilli(l.accepted);
      const rejected = toMilli(l.rejected);
      const outstanding =
        toMilli(line.quantity) - toMilli(line.accepted) - toMilli(line.rejected) - toMilli(line.cancelled);
      if (received <= 0) put(`lines.${i}.received`, '实收数量必须大于 0');
      else if (received !== accepted + rejected) put(`lines.${i}.received`, '实收数量应等于合格数量与拒收数量之和');
      else if (received > outstanding) put(`lines.${i}.received`, `超过未收数量 ${fromMilli(outstanding)}`);
      if (rejected > 0 && !l.rejectReason) put(`lines.${i}.rejectReason`, '请选择拒收原因');
      const lineCodes = codeRows.filter((c) => c.lineId === line.id);
      let acceptedCodes: string[] = [];
      let rejectedCodes: string[] = [];
      if (lineCodes.length === 0) {
        if ((l.receivedCodes?.length ?? 0) > 0) put(`lines.${i}.receivedCodes`, '该明细没有追溯码');
        if (l.rejectedCodes.length > 0) put(`lines.${i}.rejectedCodes`, '该明细没有追溯码');
      } else {
        // The codes still on their way on this line; a receipt names those that arrived (all of them if omitted).
        const open = new Map(lineCodes.filter((c) => c.open && c.outcome === null).map((c) => [c.code, c]));
        const arrived = l.receivedCodes ?? [...open.keys()];
        const stranger = arrived.find((c) => !open.has(c));
        if (stranger) {
          put(`lines.${i}.receivedCodes`, `追溯码 ${stranger} 不在本行待收的货物中`);
          continue;
        }
        const arrivedSet = new Set(arrived);
        const outsider = l.rejectedCodes.find((c) => !arrivedSet.has(c));
        if (outsider) {
          put(`lines.${i}.rejectedCodes`, `拒收的追溯码 ${outsider} 不在收到的追溯码中`);
          continue;
        }
        const sumOf = (codes: string[]) => codes.reduce((sum, c) => sum + toMilli(open.get(c)?.quantity), 0);
        const arrivedSum = sumOf(arrived);
        if (received !== arrivedSum) {
          put(
            `lines.${i}.received`,
            l.receivedCodes
              ? `实收数量应等于收到的追溯码的数量之和 ${fromMilli(arrivedSum)}`
              : `未填写收到的追溯码时视为全部到货，实收数量应为 ${fromMilli(arrivedSum)}`,
          );
        }
        const rejectedSum = sumOf(l.rejectedCodes);
        if (rejected !== rejectedSum) {
          put(`lines.${i}.rejected`, `拒收数量应等于拒收的追溯码的数量之和 ${fromMilli(rejectedSum)}`);
        }
        rejectedCodes = l.rejectedCodes;
        const rejectedSet = new Set(rejectedCodes);
        acceptedCodes = arrived.filter((c) => !rejectedSet.has(c));
      }
      plan.push({
        line,
        received,
        accepted,
        rejected,
        reason: rejected > 0 ? (l.rejectReason ?? null) : null,
        acceptedCodes,
        rejectedCodes,
      });
    }
    return plan;
  }

  /**
   * The two-sites alert (docs/traceability.md, "The public scan page"): codes received at a project after they had
   * already been received at another one. Raised once per code; the manufacturer is told of the new ones.
   */
  async function twoSites(tx: Tx, s: repo.ShipmentRow, projectId: number, codes: string[]) {
    const rows = await repo.codesByIds(tx, codes);
    const elsewhere = [...rows.values()].filter(
      (c) => c.receivedProjectId !== null && c.receivedProjectId !== projectId,
    );
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

  /**
   * A receipt in the caller's transaction (the site module receives within its own). `options.at`: when the receipt
   * is recorded — the demo seed states it; the API never passes one (now). `options.toHolderKey`: the holder the
   * caller receives for (a project's site): a shipment to any other answers 404.
   */
  async function createIn(tx: Tx, user: SessionUser, b: CreateBody, options: { at?: Date; toHolderKey?: string } = {}) {
    const { s, side } = await requireShipment(tx, user, b.shipmentId, true);
    if (options.toHolderKey !== undefined && s.toHolderKey !== options.toHolderKey) throw notFound('发货单不存在');

    requireMove(side, 'receive', s.status);
    const fields: FieldError[] = [];
    if (b.arrivedOn < s.shipDate)
      fields.push({ field: 'arrivedOn', message: `到货日期不能早于发货日期 ${s.shipDate}` });
    else if (b.arrivedOn > shanghaiToday()) fields.push({ field: 'arrivedOn', message: '到货日期不能晚于今天' });
    const photos = await repo.ownedUploads(tx, b.photoUploadIds, user.orgId, user.userId);
    b.photoUploadIds.forEach((id, i) => {
      if (!photos.has(id)) fields.push({ field: `photoUploadIds.${i}`, message: '照片不存在' });
    });
    const plan = await planLines(tx, s, b, fields);
    if (fields.length > 0) throw invalidInput(fields);

    // Finished when every line's outstanding quantity is received now.
    const lineRows = await repo.linesOf(tx, [s.id]);
    const now = new Map(plan.map((p) => [p.line.id, p.received]));
    const complete = lineRows.every(
      (r) =>
        toMilli(r.line.quantity) -
          toMilli(r.line.accepted) -
          toMilli(r.line.rejected) -
          toMilli(r.line.cancelled) -
          (now.get(r.line.id) ?? 0) ===
        0,
    );
    const to = requireMove(side, 'receive', s.status, { complete });
    const holder = parseHolderKey(s.toHolderKey);
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

    // When the goods arrived (docs/traceability.md, "Event time"): the arrival date the receiver states, never before
    // the shipment's last event (a back-dated arrival on the ship day comes after the shipping).
    const at = await notBeforeShipmentEvents(tx, s.id, businessMoment(b.arrivedOn, options.at ?? new Date()));
    const base = { holder, docType: 'receipt' as const, docId: receipt.id, occurredAt: at, userId: user.userId };
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

    const acceptedTop = plan.flatMap((p) => p.acceptedCodes);
    const rejectedTop = plan.flatMap((p) => p.rejectedCodes);
    const acceptedAll = [...acceptedTop, ...(await repo.descendantsOf(tx, acceptedTop))];
    const rejectedAll = [...rejectedTop, ...(await repo.descendantsOf(tx, rejectedTop))];
    await repo.setCodes(tx, acceptedAll, { status: CodeStatus.HELD, holderKey: s.toHolderKey });
    await repo.setCodes(tx, rejectedAll, { status: CodeStatus.REJECTED, holderKey: s.toHolderKey });
    // A code with an outcome is no longer on its way: it may leave again (onward, or as a return) while the
    // rest of the shipment is still travelling.
    await repo.closeShipmentCodes(tx, s.id, { codes: acceptedTop, outcome: 'accepted' });
    await repo.closeShipmentCodes(tx, s.id, { codes: rejectedTop, outcome: 'rejected' });
    if (holder.kind === 'project' && acceptedAll.length > 0) {
      await twoSites(tx, s, holder.projectId, acceptedAll);
    }
    if (holder.kind === 'project' && intake) {
      const lineIds = await receiptRepo.lineIdsOf(tx, receipt.id);
      const idOf = new Map(lineIds.map((r) => [r.shipmentLineId, r.id]));
      await intake.received(tx, {
        receiptId: receipt.id,
        projectId: holder.projectId,
        orgId: user.orgId as number,
        userId: user.userId,
        shipperOrgId: s.fromOrgId,
        arrivedOn: b.arrivedOn,
        deliveryNoteNo: b.deliveryNoteNo ?? null,
        lines: plan
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

    if (!(await repo.moveShipment(tx, s.id, s.status, { status: to }))) {
      throw conflict('发货单状态已变化，请刷新后重试');
    }
    if (FINISHED_STATES.includes(to)) await repo.closeShipmentCodes(tx, s.id);

    // Events: the accepted part received, the rejected part inspected and found non-conformant.
    const dest = await destinationOf(tx, s);
    const from: PartyRef =
      s.fromProjectId === null
        ? { kind: 'org', orgId: s.fromOrgId }
        : { kind: 'project', projectId: s.fromProjectId, orgId: s.fromOrgId };
    const toParty: PartyRef & { regionCode: string | null } =
      dest.kind === 'org'
        ? { kind: 'org', orgId: dest.org.id, regionCode: s.toRegionCode }
        : { kind: 'project', projectId: dest.project.id, orgId: user.orgId as number, regionCode: s.toRegionCode };
    const coded = new Set(
      plan.filter((p) => p.acceptedCodes.length + p.rejectedCodes.length > 0).map((p) => p.line.id),
    );
    const uncoded = (pick: (p: Planned) => number) =>
      plan
        .filter((p) => !coded.has(p.line.id) && pick(p) > 0)
        .map((p) => lotQuantity(p.line.lotId, fromMilli(pick(p)), p.line.unitId));
    const acceptedQuantities = uncoded((p) => p.accepted);
    const rejectedQuantities = uncoded((p) => p.rejected);
    const recadv = { type: 'recadv' as const, id: URN.receipt(receipt.number) };
    const record = {
      orgId: user.orgId as number,
      regionCode: s.toRegionCode,
      shipmentId: s.id,
      receiptId: receipt.id,
    };
    if (acceptedAll.length > 0 || acceptedQuantities.length > 0) {
      await recordTraceEvent(tx, {
        ...record,
        event: await buildMovementEvent(tx, {
          bizStep: 'receiving',
          disposition: 'in_progress',
          at,
          codes: acceptedAll,
          quantities: acceptedQuantities,
          lines: plan.map((p) => ({
            lotId: p.line.lotId,
            unitId: p.line.unitId,
            quantity: fromMilli(p.accepted),
            codeCount: p.acceptedCodes.length,
          })),
          regionCode: s.toRegionCode,
          actorOrgId: user.orgId as number,
          from,
          to: toParty,
          transactions: [{ type: 'desadv', id: URN.shipment(s.number) }, recadv],
        }),
        codes: acceptedAll,
      });
    }
    if (rejectedAll.length > 0 || rejectedQuantities.length > 0) {
      await recordTraceEvent(tx, {
        ...record,
        event: await buildMovementEvent(tx, {
          bizStep: 'inspecting',
          disposition: 'non_conformant',
          at,
          codes: rejectedAll,
          quantities: rejectedQuantities,
          lines: plan.map((p) => ({
            lotId: p.line.lotId,
            unitId: p.line.unitId,
            quantity: fromMilli(p.rejected),
            codeCount: p.rejectedCodes.length,
          })),
          regionCode: s.toRegionCode,
          actorOrgId: user.orgId as number,
          transactions: [recadv],
          reason: [
            ...new Set(plan.flatMap((p) => (p.rejected > 0 && p.reason ? [rejectReasonLabels[p.reason].zh] : []))),
          ].join('、'),
        }),
        codes: rejectedAll,
      });
    }

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
      `${receiver?.name ?? ''}确认收到发货单 ${s.number} 的货物（到货日期 ${b.arrivedOn}）：合格 ${fromMilli(acceptedTotal)}，拒收 ${fromMilli(rejectedTotal)}${reasons.length > 0 ? `，拒收原因：${reasons.map((r) => rejectReasonLabels[r].zh).join('、')}` : ''}。${to === 4 ? '发货单已全部收货。' : ''}`,
    );
    return receipt;
  }

  return {
    /**
     * `options.at`: when the receipt is recorded — the demo seed states it; the API never passes one (now).
     */
    async create(user: SessionUser, b: CreateBody, options: { at?: Date } = {}) {
      return db.transaction((tx) => createIn(tx, user, b, options));
    },

    /** The receipt's lines, shipment line id → receipt line id (the site module's lines follow them). */
    async receiptLineIds(tx: Tx, receiptId: number): Promise<Map<number, number>> {
      const rows = await receiptRepo.lineIdsOf(tx, receiptId);
      return new Map(rows.map((r) => [r.shipmentLineId, r.id]));
    },

    createIn,

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

    /**
     * A draft return of what a receipt turned away, from the receiver's holder (its rejected bucket) back to the
     * organisation that shipped it, with the rejected quantities and codes; the receiver edits and ships it.
     */
    async returnPrefill(user: SessionUser, receiptId: number) {
      return db.transaction(async (tx) => {
        const receipt = await repo.receiptById(tx, receiptId);
        if (!receipt) throw notFound(NOT_FOUND);
        // The original shipment's row lock serialises two returns of one receipt.
        const s = await repo.shipmentById(tx, receipt.shipmentId, true);
        const side = s ? await sideOf(tx, user, s) : null;
        if (!s || !side) throw notFound(NOT_FOUND);
        if (side.side !== 'receiver' || !side.canReceive) throw forbidden('只有收货方可以退货');
        const rejectedLines = (await repo.receiptLinesOf(tx, [receipt.id])).filter((l) => toMilli(l.rejected) > 0);
        if (rejectedLines.length === 0) throw conflict('该收货单没有拒收的货物');
        if ((await repo.liveReturnsOf(tx, [receipt.id])).length > 0) throw conflict('该收货单已生成退货单');
        const org = await repo.orgById(tx, user.orgId as number);
        const shipper = await repo.orgById(tx, s.fromOrgId);
        if (!org || !shipper) throw notFound(NOT_FOUND);
        const holder = parseHolderKey(receipt.holderKey);
        const src: Source = {
          orgId: org.id,
          orgType: org.type,
          holder,
          holderKey: receipt.holderKey,
          projectId: holder.kind === 'project' ? holder.projectId : null,
          bucket: StockBucket.REJECTED,
          codeStatuses: [CodeStatus.REJECTED],
          isReturn: true,
        };
        const lines = new Map((await repo.linesOf(tx, [s.id])).map((r) => [r.line.id, r.line]));
        const saved = await writeDraft(tx, user, {
          existing: null,
          src,
          dest: { kind: 'org', org: shipper, holderKey: holderKey({ kind: 'org', orgId: shipper.id }) },
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
          remarks: `退货：收货单 ${receipt.number} 拒收的货物`,
          lines: rejectedLines.map((l) => {
            const line = lines.get(l.shipmentLineId) as repo.LineRow['line'];
            return { specId: line.specId, lotId: line.lotId, quantity: toMilli(l.rejected), codes: l.rejectedCodes };
          }),
          returnOfReceiptId: receipt.id,
        });
        await recordAudit(tx, { entity: 'receipt', entityId: receipt.id, action: 'return', actor: user, data: saved });
        await recordAudit(tx, {
          entity: 'shipment',
          entityId: saved.id,
          action: 'save',
          toState: 1,
          actor: user,
          data: { returnOfReceiptId: receipt.id },
        });
        return saved;
      });
    },
  };
}
