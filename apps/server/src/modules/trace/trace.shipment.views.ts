import {
  cityOfRegion,
  type EvidenceSnapshot,
  productUnits,
  type RejectReasonValue,
  type ShipmentDetail,
  ShipmentStatus,
  type ShipmentStatusValue,
  type ShipmentSummary,
  shipmentCarbon,
  shipmentStatusLabels,
  transportFactor,
  transportTypes,
} from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { orgIsCertified } from '../../lib/certification.ts';
import { uploadNames } from '../file/index.ts';
import { evidenceAsOf } from './trace.evidence.ts';
import { codesByLineOf, recheckDraft } from './trace.shipment.checks.ts';
import type { LineScope, ShipmentGate } from './trace.shipment.gate.ts';
import type { Side } from './trace.shipment.parties.ts';
import * as repo from './trace.shipment.repository.ts';
import { FINISHED_STATES, mayTake } from './trace.transitions.ts';

/**
 * Shipments and receipts as the contract answers them (`ShipmentSummary`, `ShipmentDetail`, `ReceiptView`): names,
 * cities, progress, carbon, the lines with their evidence, the events, and what the caller may do next.
 */

const transportName = (id: number) => transportTypes.find((t) => t.id === id)?.name ?? '';

const units = new Map<number, string>(productUnits.map((u) => [u.id, u.name]));
export const unitName = (unitId: number) => units.get(unitId) ?? '';

/**
 * What a shipment (or line) shipped, what came of it, and what is still outstanding: nothing once the shipment is
 * finished (received, closed, cancelled or voided), whatever its lines say. A voided shipment's goods went back to
 * the shipper without a cancelled quantity on its lines, and a cancelled draft never left (issue 22, item 7).
 */
function progressOf(q: { quantity: string; accepted: string; rejected: string; cancelled: string }, status: number) {
  const shipped = toMilli(q.quantity);
  const accepted = toMilli(q.accepted);
  const rejected = toMilli(q.rejected);
  const cancelled = toMilli(q.cancelled);
  const finished = FINISHED_STATES.includes(status as ShipmentStatusValue);
  return {
    shipped: fromMilli(shipped),
    accepted: fromMilli(accepted),
    rejected: fromMilli(rejected),
    cancelled: fromMilli(cancelled),
    outstanding: finished ? 0 : fromMilli(shipped - accepted - rejected - cancelled),
  };
}

// ---- summaries ----

const cityOf = (region: string | null | undefined) => (region ? cityOfRegion(region) : null);

/** The names shipments show, read once for all of them: organisations, projects and the cities of their places. */
async function namesOf(tx: Tx, rows: repo.ShipmentRow[]) {
  const orgs = await repo.orgsByIds(
    tx,
    rows.flatMap((s) => [s.fromOrgId, ...(s.toOrgId ? [s.toOrgId] : [])]),
  );
  const projects = await repo.projectsByIds(
    tx,
    rows.flatMap((s) => [s.toProjectId, s.fromProjectId].filter((x): x is number => x !== null)),
  );
  const cities = await repo.divisionNames(
    tx,
    rows.flatMap((s) => [
      cityOf(s.fromRegionCode ?? orgs.get(s.fromOrgId)?.regionCode),
      cityOf(s.toRegionCode ?? (s.toOrgId ? orgs.get(s.toOrgId)?.regionCode : null)),
      s.toProjectId ? projects.get(s.toProjectId)?.cityCode : null,
    ]),
  );
  const cityName = (region: string | null | undefined) => cities.get(cityOf(region) ?? '') ?? '';
  return { orgs, projects, cities, cityName };
}
type Names = Awaited<ReturnType<typeof namesOf>>;

/** The shipper and the destination as a summary shows them: names and cities. */
function partiesOf(s: repo.ShipmentRow, n: Names): Pick<ShipmentSummary, 'from' | 'to'> {
  const fromOrg = n.orgs.get(s.fromOrgId);
  const fromProject = s.fromProjectId ? n.projects.get(s.fromProjectId) : undefined;
  const toOrg = s.toOrgId ? n.orgs.get(s.toOrgId) : undefined;
  const toProject = s.toProjectId ? n.projects.get(s.toProjectId) : undefined;
  return {
    from: {
      kind: fromProject ? 'project' : 'org',
      orgId: s.fromOrgId,
      projectId: s.fromProjectId,
      name: fromProject ? `${fromOrg?.name ?? ''}（${fromProject.name}）` : (fromOrg?.name ?? ''),
      cityName: n.cityName(s.fromRegionCode ?? fromOrg?.regionCode),
    },
    to: toProject
      ? {
          kind: 'project',
          orgId: null,
          projectId: toProject.id,
          name: toProject.name,
          cityName: n.cities.get(toProject.cityCode) ?? '',
        }
      : {
          kind: 'org',
          orgId: s.toOrgId,
          projectId: null,
          name: toOrg?.name ?? '',
          cityName: n.cityName(s.toRegionCode ?? toOrg?.regionCode),
        },
  };
}

/** A shipment's transport carbon: as snapshotted when shipped; a draft's as it would be if shipped now. */
function carbonOf(s: repo.ShipmentRow, t: repo.Totals | undefined): ShipmentSummary['carbon'] {
  const factor = transportFactor(s.transportType);
  const km = Number(s.distanceKm);
  const distanceSource = s.distanceSource as ShipmentSummary['carbon']['distanceSource'];
  if (s.status === ShipmentStatus.DRAFT) {
    // Not yet snapshotted: the figure the draft would have if shipped now.
    const missing = t?.missingMass ?? 0;
    const live = shipmentCarbon(
      missing > 0 ? [] : [{ quantity: 1, massPerUnitKg: Number(t?.liveMassKg ?? 0) }],
      km,
      s.transportType,
    );
    return {
      distanceKm: km,
      distanceSource,
      factor,
      massKg: missing > 0 ? null : live.massKg,
      kgCO2e: missing > 0 ? null : live.kgCO2e,
      missingMassLines: missing,
    };
  }
  return {
    distanceKm: km,
    distanceSource,
    factor,
    massKg: s.massKg === null ? null : Number(s.massKg),
    kgCO2e: s.kgCo2e === null ? null : Number(s.kgCo2e),
    missingMassLines: s.missingMassLines,
  };
}

/** Shipment summaries (list rows and the head of the detail), with names, cities, progress and carbon. */
export async function summaries(tx: Tx, rows: repo.ShipmentRow[]): Promise<ShipmentSummary[]> {
  const totals = await repo.shipmentTotals(
    tx,
    rows.map((s) => s.id),
  );
  const names = await namesOf(tx, rows);
  return rows.map((s) => {
    const t = totals.get(s.id);
    return {
      id: s.id,
      number: s.number,
      status: s.status,
      statusName: shipmentStatusLabels[s.status as ShipmentStatusValue]?.zh ?? '',
      ...partiesOf(s, names),
      shipDate: s.shipDate,
      plannedArrival: s.plannedArrival,
      transportType: s.transportType,
      transportTypeName: transportName(s.transportType),
      lineCount: t?.lines ?? 0,
      codeCount: t?.codes ?? 0,
      progress: progressOf(t ?? { quantity: '0', accepted: '0', rejected: '0', cancelled: '0' }, s.status),
      carbon: carbonOf(s, t),
      returnOfReceiptId: s.returnOfReceiptId,
      createTime: formatShanghaiTime(s.createdAt),
      shippedTime: formatOptionalShanghaiTime(s.shippedAt),
    };
  });
}

// ---- receipts ----

/** A receipt as the detail and GET /api/track/receipt/{id} show it. */
export async function receiptViews(tx: Tx, rows: { receipt: repo.ReceiptRow; receiverName: string }[]) {
  const lines = await repo.receiptLinesOf(
    tx,
    rows.map((r) => r.receipt.id),
  );
  const names = await uploadNames(
    tx,
    rows.flatMap((r) => r.receipt.photos),
  );
  return rows.map(({ receipt: r, receiverName }) => ({
    id: r.id,
    number: r.number,
    shipmentId: r.shipmentId,
    arrivedOn: r.arrivedOn,
    deliveryNoteNo: r.deliveryNoteNo,
    remarks: r.remarks,
    photos: r.photos.map((uploadId) => ({ uploadId, name: names.get(uploadId) ?? '' })),
    receiverName,
    lines: lines
      .filter((l) => l.receiptId === r.id)
      .map((l) => ({
        shipmentLineId: l.shipmentLineId,
        received: Number(l.received),
        accepted: Number(l.accepted),
        rejected: Number(l.rejected),
        rejectReason: (l.rejectReason as RejectReasonValue | null) ?? null,
        rejectedCodes: l.rejectedCodes,
      })),
    createTime: formatShanghaiTime(r.createdAt),
  }));
}
type ReceiptViews = Awaited<ReturnType<typeof receiptViews>>;

// ---- the detail ----

/**
 * Each line's evidence, and what stops a draft from shipping: a draft is checked again as it stands (its problems
 * are the blockers); a shipped shipment shows what was snapshotted when it shipped, and a cancelled draft, which never
 * was, what the ship date had.
 */
async function evidenceAndBlockers(
  tx: Tx,
  s: repo.ShipmentRow,
  lineRows: repo.LineRow[],
  codesByLine: ReadonlyMap<number, string[]>,
  gate: ShipmentGate | undefined,
): Promise<{ evidence: EvidenceSnapshot[]; blockers: ShipmentDetail['blockers']; scope: (LineScope | null)[] | null }> {
  if (s.status === ShipmentStatus.DRAFT) {
    const draft = await recheckDraft(tx, s, lineRows, codesByLine, gate);
    const blockers = draft.fields.map((f) => {
      const m = /^lines\.(\d+)\./.exec(f.field);
      return { lineNo: m ? Number(m[1]) + 1 : null, message: f.message };
    });
    return { evidence: draft.evidence, blockers, scope: draft.scope };
  }
  const evidence: EvidenceSnapshot[] = [];
  for (const r of lineRows) {
    evidence.push(
      (r.line.evidence as EvidenceSnapshot | null) ?? (await evidenceAsOf(tx, r.line.productId, s.shipDate)),
    );
  }
  return { evidence, blockers: [], scope: null };
}

/** What the caller may do next from its side: the moves its table allows, and a return of what it rejected. */
async function actionsOf(
  tx: Tx,
  s: repo.ShipmentRow,
  side: Side,
  receipts: ReceiptViews,
): Promise<ShipmentDetail['actions']> {
  const actions: ShipmentDetail['actions'] = [];
  const state = s.status as ShipmentStatusValue;
  if (side.side === 'shipper') {
    // An uncertified shipper edits and ships returns only (lib/certification.ts); it may still cancel a draft.
    const mayStart =
      state !== ShipmentStatus.DRAFT || s.returnOfReceiptId !== null || (await orgIsCertified(tx, s.fromOrgId));
    if (mayStart && mayTake('shipper', 'save', state)) actions.push('edit');
    for (const a of ['ship', 'cancel', 'void', 'close'] as const)
      if (mayTake('shipper', a, state) && (mayStart || a !== 'ship')) actions.push(a);
  } else if (side.canReceive) {
    for (const a of ['receive', 'close'] as const) if (mayTake('receiver', a, state)) actions.push(a);
    const rejectedReceipts = receipts.filter((r) => r.lines.some((l) => l.rejected > 0)).map((r) => r.id);
    const returned = new Set((await repo.liveReturnsOf(tx, rejectedReceipts)).map((r) => r.receiptId));
    if (rejectedReceipts.some((r) => !returned.has(r))) actions.push('return');
  }
  return actions;
}

/** The lines as the detail shows them; a draft's mass is the specification's today, a shipped line's its snapshot. */
function lineViews(
  s: repo.ShipmentRow,
  lineRows: repo.LineRow[],
  codesByLine: ReadonlyMap<number, string[]>,
  evidence: EvidenceSnapshot[],
  scope: (LineScope | null)[] | null,
): ShipmentDetail['lines'] {
  const isDraft = s.status === ShipmentStatus.DRAFT;
  return lineRows.map((r, i) => {
    const mass = isDraft ? r.specMassPerUnitKg : r.line.massPerUnitKg;
    return {
      id: r.line.id,
      lineNo: r.line.lineNo,
      productId: r.line.productId,
      productName: r.productName,
      specId: r.line.specId,
      specName: r.specName,
      unitName: unitName(r.line.unitId),
      lotId: r.line.lotId,
      batchNo: r.batchNo,
      quantity: Number(r.line.quantity),
      codeCount: r.codeCount,
      codes: codesByLine.get(r.line.id) ?? [],
      massKg: mass === null ? null : Math.round(Number(r.line.quantity) * Number(mass) * 1000) / 1000,
      evidence: evidence[i] as EvidenceSnapshot,
      progress: progressOf(r.line, s.status),
      ...(scope?.[i] ? { scope: scope[i] } : {}),
    };
  });
}

/** The shipment's events on the ledger, with the city of each. */
async function eventViews(tx: Tx, shipmentId: number): Promise<ShipmentDetail['events']> {
  const eventRows = await repo.eventsOfShipment(tx, shipmentId);
  const eventCities = await repo.divisionNames(
    tx,
    eventRows.map((e) => (e.event.regionCode ? cityOfRegion(e.event.regionCode) : null)),
  );
  return eventRows.map(({ event: e, orgName }) => ({
    eventId: e.eventId,
    eventType: e.eventType,
    bizStep: e.bizStep,
    disposition: e.disposition,
    eventTime: formatShanghaiTime(e.eventTime),
    orgName,
    cityName: e.regionCode ? (eventCities.get(cityOfRegion(e.regionCode)) ?? '') : '',
    leafIndex: e.leafIndex,
    contentSha256: e.contentSha256,
  }));
}

/** A shipment as its detail page shows it to the caller's side (GET /api/track/shipment/{id}). */
export async function shipmentDetail(
  tx: Tx,
  s: repo.ShipmentRow,
  side: Side,
  gate?: ShipmentGate,
): Promise<ShipmentDetail> {
  const [head] = await summaries(tx, [s]);
  const lineRows = await repo.linesOf(tx, [s.id]);
  const codesByLine = codesByLineOf(await repo.shipmentCodeRows(tx, s.id));
  const receipts = await receiptViews(tx, await repo.receiptsOf(tx, s.id));
  const events = await eventViews(tx, s.id);
  // The draft's check: the gate (distribution's scope rule) answers for the shipper's side only.
  const { evidence, blockers, scope } = await evidenceAndBlockers(
    tx,
    s,
    lineRows,
    codesByLine,
    side.side === 'shipper' ? gate : undefined,
  );
  return {
    ...(head as ShipmentSummary),
    fromAddress: s.fromAddressText,
    toAddress: s.toAddressText,
    fromAddressId: s.fromAddressId,
    toAddressId: s.toAddressId,
    distanceKm: s.distanceSource === 'measured' ? Number(s.distanceKm) : null,
    vehiclePlate: s.vehiclePlate,
    remarks: s.remarks,
    closeReason: s.closeReason,
    lines: lineViews(s, lineRows, codesByLine, evidence, scope),
    receipts,
    events,
    side: side.side,
    actions: await actionsOf(tx, s, side, receipts),
    blockers,
  };
}
