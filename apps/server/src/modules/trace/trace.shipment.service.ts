import {
  CertStatus,
  Channel,
  type ChannelValue,
  CodeStatus,
  cityOfRegion,
  defaultDistance,
  type EvidenceSnapshot,
  type FieldError,
  OrgType,
  type OrgTypeValue,
  orgTypeLabels,
  productUnits,
  type RejectReasonValue,
  type receiverListBody,
  type ShipmentDetail,
  ShipmentStatus,
  type ShipmentStatusValue,
  type ShipmentSummary,
  StockBucket,
  type StockBucketValue,
  shipmentCarbon,
  type shipmentListBody,
  type shipmentSaveBody,
  shipmentStatusLabels,
  transportFactor,
  transportTypes,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { businessMoment, formatOptionalShanghaiTime, formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isCertifiedOrg, orgIsCertified, uncertifiedForbidden } from '../../lib/certification.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { requireProjectMember } from '../project/index.ts';
import { URN } from './trace.epcis.ts';
import { notBeforeShipmentEvents, recordTraceEvent } from './trace.events.ts';
import { evidenceAsOf } from './trace.evidence.ts';
import { buildMovementEvent, lotQuantity, type MovementLine, type PartyRef } from './trace.shipment.events.ts';
import * as repo from './trace.shipment.repository.ts';
import { type Holder, holderKey, moveStock, parseHolderKey } from './trace.stock.ts';
import {
  FINISHED_STATES,
  mayTake,
  type ShipmentActor,
  type ShipmentMoveValue,
  shipmentTransition,
} from './trace.transitions.ts';

export const NOT_FOUND = '发货单不存在';

/** The message channel an organisation's console reads (spec §6; as project.service.ts). */
export function channelOf(orgType: number): ChannelValue {
  if (orgType === OrgType.CONSTRUCTION) return Channel.CONSTRUCTION;
  if (orgType === OrgType.SUPERVISION) return Channel.SUPERVISION;
  return Channel.JCBB;
}

// ---- who sees a shipment ----

/**
 * The caller's side of a shipment (docs/traceability.md, "Who sees what"): the shipping organisation; or the
 * receiver — the receiving organisation, or for a project every organisation with an accepted membership, of which
 * only a construction unit may receive (`canReceive`). A draft is the shipper's own. null = not visible (404).
 */
export type Side = { side: 'shipper' } | { side: 'receiver'; canReceive: boolean };

export async function sideOf(
  tx: Tx,
  user: SessionUser,
  s: repo.ShipmentRow,
  lockMembership = false,
): Promise<Side | null> {
  if (user.orgId === null) return null;
  if (s.fromOrgId === user.orgId) return { side: 'shipper' };
  if (s.status === ShipmentStatus.DRAFT) return null;
  if (s.toKind === 'org') return s.toOrgId === user.orgId ? { side: 'receiver', canReceive: true } : null;
  const membership = await acceptedMembership(tx, user, s.toProjectId as number, lockMembership);
  if (!membership) return null;
  return { side: 'receiver', canReceive: membership.orgType === OrgType.CONSTRUCTION };
}

/** The caller's organisation's accepted membership of a project (the project module's check), or null. */
export async function acceptedMembership(tx: Tx, user: SessionUser, projectId: number, lock = false) {
  try {
    return (await requireProjectMember(tx, user, projectId, { lock })).membership;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
}

/** The shipment and the caller's side of it, or 404 as if it did not exist. */
export async function requireShipment(tx: Tx, user: SessionUser, id: number, forUpdate = false) {
  const s = await repo.shipmentById(tx, id, forUpdate);
  if (!s) throw notFound(NOT_FOUND);
  // A change (forUpdate) by a project's member holds its membership: the project's removal rule (trace.removal.ts)
  // then sees what the change writes, or the change sees the removal.
  const side = await sideOf(tx, user, s, forUpdate);
  if (!side) throw notFound(NOT_FOUND);
  return { s, side };
}

/** The transition, or the refusal: 403 for the wrong side (or a project member that is not its construction unit), 409 for the wrong state. */
export function requireMove(
  side: Side,
  action: ShipmentMoveValue,
  from: number,
  opts: { complete?: boolean } = {},
): ShipmentStatusValue {
  const actor: ShipmentActor = side.side;
  if (side.side === 'receiver' && !side.canReceive) throw forbidden('只有项目的施工单位可以办理收货');
  const t = shipmentTransition(actor, action, from as ShipmentStatusValue, opts);
  if (!t.ok) {
    if (t.refusal === 'actor')
      throw forbidden(actor === 'shipper' ? '发货方不能执行此操作' : '只有发货方可以执行此操作');
    throw conflict(`发货单${shipmentStatusLabels[from as ShipmentStatusValue]?.zh ?? ''}，不能${actionNames[action]}`);
  }
  return t.to;
}
const actionNames: Record<ShipmentMoveValue, string> = {
  save: '修改',
  ship: '发货',
  cancel: '取消',
  void: '作废',
  receive: '收货',
  close: '关闭',
};

// ---- numbers ----

/**
 * The next document number, `FH`/`SH` + yyyymmdd (Asia/Shanghai) + a 4-digit sequence of the day, written by
 * `insert` inside a savepoint: two transactions that pick the same number meet at the unique index, and the loser
 * takes the next one (its savepoint rolled back, its transaction intact).
 */
export async function withNumber<T>(
  tx: Tx,
  table: 'shipments' | 'receipts',
  prefix: 'FH' | 'SH',
  insert: (sp: Tx, number: string) => Promise<T>,
): Promise<T> {
  const day = shanghaiToday().replaceAll('-', '');
  const constraint = table === 'shipments' ? 'shipments_number_uq' : 'receipts_number_uq';
  for (let attempt = 0; attempt < 50; attempt++) {
    const last = await repo.lastNumber(tx, table, `${prefix}${day}`);
    const seq = (last ? Number(last.slice(prefix.length + 8)) : 0) + 1;
    const number = `${prefix}${day}${String(seq).padStart(4, '0')}`;
    try {
      return await tx.transaction((sp) => insert(sp, number));
    } catch (e) {
      if (!isUniqueViolation(e, constraint)) throw e;
    }
  }
  throw conflict('单号生成繁忙，请稍后重试');
}

// ---- where goods leave from and go to ----

/** The holder a shipment takes its goods from, and which stock and codes it may take. */
export interface Source {
  orgId: number;
  orgType: number;
  holder: Holder;
  holderKey: string;
  projectId: number | null;
  bucket: StockBucketValue;
  /** Statuses a code may have to leave with it: in stock, or rejected awaiting return. */
  codeStatuses: readonly string[];
  isReturn: boolean;
}

const OWN_STOCK_CODE_STATUSES = [CodeStatus.ACTIVE, CodeStatus.HELD] as const;

export function ownSource(orgId: number, orgType: number): Source {
  const holder: Holder = { kind: 'org', orgId };
  return {
    orgId,
    orgType,
    holder,
    holderKey: holderKey(holder),
    projectId: null,
    bucket: StockBucket.USABLE,
    codeStatuses: OWN_STOCK_CODE_STATUSES,
    isReturn: false,
  };
}

export function sourceOf(s: repo.ShipmentRow, orgType: number): Source {
  const isReturn = s.returnOfReceiptId !== null;
  return {
    orgId: s.fromOrgId,
    orgType,
    holder: parseHolderKey(s.fromHolderKey),
    holderKey: s.fromHolderKey,
    projectId: s.fromProjectId,
    bucket: isReturn ? StockBucket.REJECTED : StockBucket.USABLE,
    codeStatuses: isReturn ? [CodeStatus.REJECTED] : OWN_STOCK_CODE_STATUSES,
    isReturn,
  };
}

export type Destination =
  | { kind: 'org'; org: repo.OrgRow; holderKey: string }
  | { kind: 'project'; project: repo.ProjectRow; holderKey: string };

/** The stored destination of a shipment. */
export async function destinationOf(tx: Tx, s: repo.ShipmentRow): Promise<Destination> {
  if (s.toKind === 'project') {
    const project = await repo.projectById(tx, s.toProjectId as number);
    if (!project) throw new Error(`shipment ${s.id} to a missing project`);
    return { kind: 'project', project, holderKey: s.toHolderKey };
  }
  const org = await repo.orgById(tx, s.toOrgId as number);
  if (!org) throw new Error(`shipment ${s.id} to a missing organisation`);
  return { kind: 'org', org, holderKey: s.toHolderKey };
}

/** The party of an EPCIS source or destination. */
const sourceParty = (src: Source): PartyRef =>
  src.projectId === null
    ? { kind: 'org', orgId: src.orgId }
    : { kind: 'project', projectId: src.projectId, orgId: src.orgId };
const destinationParty = (d: Destination): PartyRef =>
  d.kind === 'org' ? { kind: 'org', orgId: d.org.id } : { kind: 'project', projectId: d.project.id, orgId: 0 };

// ---- the lines ----

export interface LineInput {
  specId: number;
  lotId: number;
  /** Thousandths. */
  quantity: number;
  codes: string[];
}

/**
 * What is wrong with lines a source would ship to a destination (field errors on lines.N.*): specification, lot and
 * codes of the shipper (a manufacturer: its own products and lots; anyone else: lots it holds stock of in the
 * bucket it ships from), codes top-level, held by the source and in no other open shipment, their quantities adding
 * up to the line's; for a project, the product listed in the project's city.
 */
export async function checkLines(
  tx: Tx,
  src: Source,
  dest: Destination,
  lines: readonly LineInput[],
  exceptShipmentId: number | null,
) {
  const fields: FieldError[] = [];
  const put = (field: string, message: string) => {
    if (!fields.some((f) => f.field === field)) fields.push({ field, message });
  };
  const specs = await repo.specsByIds(
    tx,
    lines.map((l) => l.specId),
  );
  const lots = await repo.lotsByIds(
    tx,
    lines.map((l) => l.lotId),
  );
  const makerShips = src.orgType === OrgType.MANUFACTURER && !src.isReturn;
  const held = makerShips
    ? new Set<number>()
    : await repo.lotsHeld(
        tx,
        src.holderKey,
        lines.map((l) => l.lotId),
        src.bucket,
      );
  const allCodes = lines.flatMap((l) => l.codes);
  const codeRows = await repo.codesByIds(tx, allCodes);
  const elsewhere = new Map(
    (await repo.codesInOtherOpenShipments(tx, allCodes, exceptShipmentId)).map((r) => [r.code, r.number]),
  );
  let listed: Set<number> | null = null;
  let cityName = '';
  if (dest.kind === 'project') {
    listed = await repo.productsListedIn(
      tx,
      [...specs.values()].map((s) => s.productId),
      dest.project.cityCode,
    );
    cityName = (await repo.divisionNames(tx, [dest.project.cityCode])).get(dest.project.cityCode) ?? '';
  }
  const seen = new Set<string>();
  for (const [i, l] of lines.entries()) {
    const spec = specs.get(l.specId);
    const lot = lots.get(l.lotId);
    if (!spec) {
      put(`lines.${i}.specId`, '规格型号不存在');
      continue;
    }
    if (makerShips && spec.productOrgId !== src.orgId) {
      put(`lines.${i}.specId`, '该规格型号不是本单位的产品');
      continue;
    }
    if (!lot || lot.specId !== l.specId) {
      put(`lines.${i}.lotId`, '批次不存在或不属于该规格型号');
      continue;
    }
    if (makerShips ? lot.orgId !== src.orgId : !held.has(lot.id)) {
      put(`lines.${i}.lotId`, src.isReturn ? '该批次没有拒收待退的货物' : '本单位没有该批次的库存');
      continue;
    }
    if (listed && !listed.has(spec.productId)) put(`lines.${i}.specId`, `该产品未在项目所在城市入库：${cityName}`);
    let sum = 0;
    let bad = false;
    for (const c of l.codes) {
      const row = codeRows.get(c);
      let problem: string | null = null;
      if (seen.has(c)) problem = `追溯码 ${c} 重复`;
      else if (!row || row.lotId !== l.lotId) problem = `追溯码 ${c} 不属于该批次`;
      else if (row.parentCode) problem = `追溯码 ${c} 已装入包装 ${row.parentCode}，请扫描包装上的码`;
      else if (row.holderKey !== src.holderKey || !src.codeStatuses.includes(row.status)) {
        problem = `追溯码 ${c} 不在${src.isReturn ? '拒收待退的货物' : '本单位的库存'}中`;
      } else if (elsewhere.has(c)) problem = `追溯码 ${c} 已在另一张未完成的发货单中`;
      seen.add(c);
      if (problem || !row) {
        put(`lines.${i}.codes`, problem ?? `追溯码 ${c} 不属于该批次`);
        bad = true;
        break;
      }
      sum += toMilli(row.quantity);
    }
    if (!bad && l.codes.length > 0 && sum !== l.quantity) {
      put(`lines.${i}.quantity`, `发货数量应等于所选追溯码的数量之和 ${fromMilli(sum)}`);
    }
  }
  return { fields, specs, lots };
}

/** Evidence of each line as of the ship date; refusals for a project in the policy scope without any. */
async function checkEvidence(tx: Tx, dest: Destination, productIds: number[], shipDate: string) {
  const evidence: EvidenceSnapshot[] = [];
  const fields: FieldError[] = [];
  for (const [i, productId] of productIds.entries()) {
    const e = await evidenceAsOf(tx, productId, shipDate);
    evidence.push(e);
    if (e.kind === 'none' && dest.kind === 'project' && dest.project.inPolicyScope) {
      fields.push({
        field: `lines.${i}.specId`,
        message: '该产品在发货日期没有有效的绿色建材认证证书或检测报告，不能发往政策实施范围内的项目',
      });
    }
  }
  return { evidence, fields };
}

/** The codes of a shipment, by line. */
function codesByLineOf(rows: readonly { lineId: number; code: string }[]): Map<number, string[]> {
  const byLine = new Map<number, string[]>();
  for (const c of rows) {
    const list = byLine.get(c.lineId) ?? [];
    list.push(c.code);
    byLine.set(c.lineId, list);
  }
  return byLine;
}

/**
 * A draft as it stands today: every line checked again (stock, codes, the destination city's catalogue) and the
 * evidence of each as of the ship date. The detail page shows the problems as blockers; shipping refuses them.
 */
async function recheckDraft(
  tx: Tx,
  s: repo.ShipmentRow,
  lineRows: Awaited<ReturnType<typeof repo.linesOf>>,
  codesByLine: ReadonlyMap<number, string[]>,
) {
  const org = await repo.orgById(tx, s.fromOrgId);
  const src = sourceOf(s, org?.type ?? 0);
  const dest = await destinationOf(tx, s);
  const input = lineRows.map((r) => ({
    specId: r.line.specId,
    lotId: r.line.lotId,
    quantity: toMilli(r.line.quantity),
    codes: codesByLine.get(r.line.id) ?? [],
  }));
  const checked = await checkLines(tx, src, dest, input, s.id);
  const ev = await checkEvidence(
    tx,
    dest,
    lineRows.map((r) => r.line.productId),
    s.shipDate,
  );
  return { org, src, dest, evidence: ev.evidence, fields: [...checked.fields, ...ev.fields] };
}

/** The text an address is snapshotted as: its name, 省 市 区 and detail (no contact person). */
export async function addressText(tx: Tx, a: repo.AddressRow): Promise<string> {
  const region = (await repo.regionFullNames(tx, [a.regionCode])).get(a.regionCode) ?? a.regionCode;
  return `${a.name}：${region} ${a.detail}`;
}

export interface AddressSnapshot {
  id: number | null;
  text: string | null;
  regionCode: string | null;
}

export interface DraftWrite {
  existing: repo.ShipmentRow | null;
  src: Source;
  dest: Destination;
  from: AddressSnapshot;
  to: AddressSnapshot;
  shipDate: string;
  plannedArrival: string | null;
  transportType: number;
  /** Measured distance; absent = the standard's default. */
  distanceKm?: number;
  /** A return keeps the distance (and its source) of the shipment it returns. */
  distance?: { km: number; source: 'measured' | 'default_40' | 'default_500' };
  vehiclePlate: string | null;
  remarks: string | null;
  lines: LineInput[];
  returnOfReceiptId: number | null;
}

/**
 * Write a draft (new, or an existing one's lines replaced): lines checked, distance decided, codes reserved. No
 * stock moves. The partial unique index on open shipment codes is the last guard against a code in two drafts.
 */
export async function writeDraft(tx: Tx, user: SessionUser, w: DraftWrite): Promise<{ id: number; number: string }> {
  const { fields, specs } = await checkLines(tx, w.src, w.dest, w.lines, w.existing?.id ?? null);
  if (fields.length > 0) throw invalidInput(fields);
  const distance =
    w.distance ??
    (w.distanceKm !== undefined
      ? { km: w.distanceKm, source: 'measured' as const }
      : defaultDistance(w.lines.map((l) => specs.get(l.specId)?.classifyCode ?? '')));
  const values = {
    fromOrgId: w.src.orgId,
    fromHolderKey: w.src.holderKey,
    fromProjectId: w.src.projectId,
    fromAddressId: w.from.id,
    fromAddressText: w.from.text,
    fromRegionCode: w.from.regionCode,
    toKind: w.dest.kind,
    toOrgId: w.dest.kind === 'org' ? w.dest.org.id : null,
    toProjectId: w.dest.kind === 'project' ? w.dest.project.id : null,
    toHolderKey: w.dest.holderKey,
    toAddressId: w.to.id,
    toAddressText: w.to.text,
    toRegionCode: w.to.regionCode,
    shipDate: w.shipDate,
    plannedArrival: w.plannedArrival,
    transportType: w.transportType,
    distanceKm: distance.km.toFixed(1),
    distanceSource: distance.source,
    vehiclePlate: w.vehiclePlate,
    remarks: w.remarks,
    returnOfReceiptId: w.returnOfReceiptId,
  };
  let saved: { id: number; number: string };
  if (w.existing) {
    await repo.updateShipment(tx, w.existing.id, values);
    await repo.deleteLines(tx, w.existing.id);
    saved = { id: w.existing.id, number: w.existing.number };
  } else {
    saved = await withNumber(tx, 'shipments', 'FH', async (sp, number) => ({
      id: await repo.insertShipment(sp, { ...values, number, status: ShipmentStatus.DRAFT, createdBy: user.userId }),
      number,
    }));
  }
  const codeRows: { lineId: number; code: string }[] = [];
  const lineOfCode = new Map<string, number>();
  for (const [i, l] of w.lines.entries()) {
    const spec = specs.get(l.specId) as repo.SpecFacts;
    const lineId = await repo.insertLine(tx, {
      shipmentId: saved.id,
      lineNo: i + 1,
      productId: spec.productId,
      specId: l.specId,
      lotId: l.lotId,
      unitId: spec.unitId,
      quantity: milliText(l.quantity),
    });
    for (const code of l.codes) {
      codeRows.push({ lineId, code });
      lineOfCode.set(code, i);
    }
  }
  try {
    await tx.transaction((sp) => repo.insertShipmentCodes(sp, saved.id, codeRows));
  } catch (e) {
    if (!isUniqueViolation(e, 'shipment_codes_one_open_uq')) throw e;
    // Another draft took a code between the check and the insert: name it now that its reservation is committed.
    const taken = await repo.codesInOtherOpenShipments(
      tx,
      codeRows.map((r) => r.code),
      saved.id,
    );
    const first = taken[0];
    throw invalidInput(
      first
        ? [
            {
              field: `lines.${lineOfCode.get(first.code)}.codes`,
              message: `追溯码 ${first.code} 已在另一张未完成的发货单中`,
            },
          ]
        : [{ field: 'lines', message: '所选追溯码已在另一张未完成的发货单中' }],
    );
  }
  return saved;
}

// ---- messages ----

/** Tell the receiving side: the organisation, or a project's accepted construction units. */
export async function tellReceivers(tx: Tx, s: repo.ShipmentRow, title: string, content: string): Promise<void> {
  if (s.toKind === 'org') {
    const org = await repo.orgById(tx, s.toOrgId as number);
    if (!org) return;
    await sendMessage(
      tx,
      { orgId: org.id },
      { channel: channelOf(org.type), title, content, targetUrl: pageUrl(pages.shipmentDetail, { id: s.id }) },
    );
    return;
  }
  for (const m of await repo.acceptedMembers(tx, s.toProjectId as number)) {
    if (m.orgType !== OrgType.CONSTRUCTION) continue;
    await sendMessage(
      tx,
      { orgId: m.orgId },
      { channel: Channel.CONSTRUCTION, title, content, targetUrl: pageUrl(pages.shipmentDetail, { id: s.id }) },
    );
  }
}

export async function tellShipper(tx: Tx, s: repo.ShipmentRow, title: string, content: string): Promise<void> {
  const org = await repo.orgById(tx, s.fromOrgId);
  if (!org) return;
  await sendMessage(
    tx,
    { orgId: org.id },
    { channel: channelOf(org.type), title, content, targetUrl: pageUrl(pages.shipmentDetail, { id: s.id }) },
  );
}

// ---- stock back to the shipper (void, close) ----

/** The status a code gets back at its shipper: rejected goods of a return stay rejected, the maker's own are in stock, anyone else's held. */
const statusBack = (src: Source, codeOrgId: number) =>
  src.isReturn ? CodeStatus.REJECTED : codeOrgId === src.orgId ? CodeStatus.ACTIVE : CodeStatus.HELD;

/**
 * Put quantities still on their way back into the shipper's stock (`void` moves) and their codes (with what they
 * contain) back to the shipper; answers the codes and the uncoded quantities, for the void_shipping event.
 */
async function returnToShipper(
  tx: Tx,
  user: SessionUser,
  s: repo.ShipmentRow,
  src: Source,
  outstanding: { line: repo.LineRow['line']; quantity: number }[],
  codes: { code: string; orgId: number; lineId: number }[],
) {
  const now = new Date();
  const moves = outstanding
    .filter((o) => o.quantity > 0)
    .map((o) => ({
      holder: src.holder,
      specId: o.line.specId,
      lotId: o.line.lotId,
      bucket: src.bucket,
      quantity: fromMilli(o.quantity),
      reason: 'void' as const,
      docType: 'shipment' as const,
      docId: s.id,
      occurredAt: now,
      userId: user.userId,
    }));
  if (moves.length > 0) await moveStock(tx, moves);
  const all: string[] = [];
  for (const status of [CodeStatus.ACTIVE, CodeStatus.HELD, CodeStatus.REJECTED]) {
    const top = codes.filter((c) => statusBack(src, c.orgId) === status).map((c) => c.code);
    if (top.length === 0) continue;
    const family = [...top, ...(await repo.descendantsOf(tx, top))];
    await repo.setCodes(tx, family, { status, holderKey: src.holderKey });
    all.push(...family);
  }
  const coded = new Set(codes.map((c) => c.lineId));
  const quantities = outstanding
    .filter((o) => o.quantity > 0 && !coded.has(o.line.id))
    .map((o) => lotQuantity(o.line.lotId, fromMilli(o.quantity), o.line.unitId));
  const lines = outstanding.map((o) => ({
    lotId: o.line.lotId,
    unitId: o.line.unitId,
    quantity: fromMilli(o.quantity),
    codeCount: codes.filter((c) => c.lineId === o.line.id).length,
  }));
  return { codes: all, quantities, lines };
}

// ---- views ----

const transportName = (id: number) => transportTypes.find((t) => t.id === id)?.name ?? '';

/**
 * What a shipment (or line) shipped, what came of it, and what is still outstanding: nothing once the shipment is
 * finished (received, closed, cancelled or voided), whatever its lines say. A voided shipment's goods went back to
 * the shipper without a cancelled quantity on its lines, and a cancelled draft never left (issue 22, item 7).
 */
export function progressOf(
  q: { quantity: string; accepted: string; rejected: string; cancelled: string },
  status: number,
) {
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

/** Shipment summaries (list rows and the head of the detail), with names, cities, progress and carbon. */
export async function summaries(tx: Tx, rows: repo.ShipmentRow[]): Promise<ShipmentSummary[]> {
  const totals = await repo.shipmentTotals(
    tx,
    rows.map((s) => s.id),
  );
  const orgs = await repo.orgsByIds(
    tx,
    rows.flatMap((s) => [s.fromOrgId, ...(s.toOrgId ? [s.toOrgId] : [])]),
  );
  const projects = await repo.projectsByIds(
    tx,
    rows.flatMap((s) => [s.toProjectId, s.fromProjectId].filter((x): x is number => x !== null)),
  );
  const cityOf = (region: string | null | undefined) => (region ? cityOfRegion(region) : null);
  const cities = await repo.divisionNames(
    tx,
    rows.flatMap((s) => [
      cityOf(s.fromRegionCode ?? orgs.get(s.fromOrgId)?.regionCode),
      cityOf(s.toRegionCode ?? (s.toOrgId ? orgs.get(s.toOrgId)?.regionCode : null)),
      s.toProjectId ? projects.get(s.toProjectId)?.cityCode : null,
    ]),
  );
  const cityName = (region: string | null | undefined) => cities.get(cityOf(region) ?? '') ?? '';
  return rows.map((s) => {
    const t = totals.get(s.id);
    const fromOrg = orgs.get(s.fromOrgId);
    const fromProject = s.fromProjectId ? projects.get(s.fromProjectId) : undefined;
    const toOrg = s.toOrgId ? orgs.get(s.toOrgId) : undefined;
    const toProject = s.toProjectId ? projects.get(s.toProjectId) : undefined;
    const factor = transportFactor(s.transportType);
    const km = Number(s.distanceKm);
    let carbon: ShipmentSummary['carbon'];
    if (s.status === ShipmentStatus.DRAFT) {
      // Not yet snapshotted: the figure the draft would have if shipped now.
      const missing = t?.missingMass ?? 0;
      const live = shipmentCarbon(
        missing > 0 ? [] : [{ quantity: 1, massPerUnitKg: Number(t?.liveMassKg ?? 0) }],
        km,
        s.transportType,
      );
      carbon = {
        distanceKm: km,
        distanceSource: s.distanceSource as ShipmentSummary['carbon']['distanceSource'],
        factor,
        massKg: missing > 0 ? null : live.massKg,
        kgCO2e: missing > 0 ? null : live.kgCO2e,
        missingMassLines: missing,
      };
    } else {
      carbon = {
        distanceKm: km,
        distanceSource: s.distanceSource as ShipmentSummary['carbon']['distanceSource'],
        factor,
        massKg: s.massKg === null ? null : Number(s.massKg),
        kgCO2e: s.kgCo2e === null ? null : Number(s.kgCo2e),
        missingMassLines: s.missingMassLines,
      };
    }
    return {
      id: s.id,
      number: s.number,
      status: s.status,
      statusName: shipmentStatusLabels[s.status as ShipmentStatusValue]?.zh ?? '',
      from: {
        kind: fromProject ? 'project' : 'org',
        orgId: s.fromOrgId,
        projectId: s.fromProjectId,
        name: fromProject ? `${fromOrg?.name ?? ''}（${fromProject.name}）` : (fromOrg?.name ?? ''),
        cityName: cityName(s.fromRegionCode ?? fromOrg?.regionCode),
      },
      to: toProject
        ? {
            kind: 'project',
            orgId: null,
            projectId: toProject.id,
            name: toProject.name,
            cityName: cities.get(toProject.cityCode) ?? '',
          }
        : {
            kind: 'org',
            orgId: s.toOrgId,
            projectId: null,
            name: toOrg?.name ?? '',
            cityName: cityName(s.toRegionCode ?? toOrg?.regionCode),
          },
      shipDate: s.shipDate,
      plannedArrival: s.plannedArrival,
      transportType: s.transportType,
      transportTypeName: transportName(s.transportType),
      lineCount: t?.lines ?? 0,
      codeCount: t?.codes ?? 0,
      progress: progressOf(t ?? { quantity: '0', accepted: '0', rejected: '0', cancelled: '0' }, s.status),
      carbon,
      returnOfReceiptId: s.returnOfReceiptId,
      createTime: formatShanghaiTime(s.createdAt),
      shippedTime: formatOptionalShanghaiTime(s.shippedAt),
    };
  });
}

/** A receipt as the detail and GET /api/track/receipt/{id} show it. */
export async function receiptViews(tx: Tx, rows: { receipt: repo.ReceiptRow; receiverName: string }[]) {
  const lines = await repo.receiptLinesOf(
    tx,
    rows.map((r) => r.receipt.id),
  );
  const names = await repo.uploadNames(
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

type SaveBody = z.output<typeof shipmentSaveBody>;

export type TraceShipmentService = ReturnType<typeof createTraceShipmentService>;

/**
 * Shipments (docs/traceability.md, "Shipment states"): drafts, shipping, cancelling, voiding and closing, each one
 * transaction with its stock moves, code states, EPCIS event on the ledger, audit row and messages.
 */
export function createTraceShipmentService({ db }: { db: Db }) {
  /** The destination a body names, checked: a certified distributor or construction unit, or a project the shipper may ship to. */
  async function resolveDestination(
    tx: Tx,
    shipperOrgId: number,
    d: SaveBody['destination'],
    returnTo: number | null,
  ): Promise<Destination> {
    if (returnTo !== null) {
      if (d.kind !== 'org' || d.orgId !== returnTo) {
        throw invalidInput([{ field: 'destination.orgId', message: '退货只能退回原发货单位' }]);
      }
      const org = await repo.orgById(tx, returnTo);
      if (!org) throw invalidInput([{ field: 'destination.orgId', message: '收货单位不存在' }]);
      return { kind: 'org', org, holderKey: holderKey({ kind: 'org', orgId: org.id }) };
    }
    if (d.kind === 'org') {
      const org = await repo.orgById(tx, d.orgId as number);
      const ok =
        org &&
        org.id !== shipperOrgId &&
        org.certStatus === CertStatus.CERTIFIED &&
        (org.type === OrgType.DISTRIBUTOR || org.type === OrgType.CONSTRUCTION);
      if (!ok) throw invalidInput([{ field: 'destination.orgId', message: '请选择已认证的经销商或施工单位' }]);
      return { kind: 'org', org, holderKey: holderKey({ kind: 'org', orgId: org.id }) };
    }
    const project = await repo.projectById(tx, d.projectId as number);
    if (!project || !(await repo.listsInCity(tx, shipperOrgId, project.cityCode))) {
      throw invalidInput([
        {
          field: 'destination.projectId',
          message: '不能向该项目发货：项目所在城市没有本单位已入库的产品',
        },
      ]);
    }
    return { kind: 'project', project, holderKey: holderKey({ kind: 'project', projectId: project.id }) };
  }

  /** The addresses of a body: the shipper's own enabled one; the receiving organisation's; a project's own site. */
  async function resolveAddresses(tx: Tx, src: Source, dest: Destination, b: SaveBody) {
    const fields: FieldError[] = [];
    const fromAddr = await repo.addressById(tx, b.fromAddressId);
    if (!fromAddr || fromAddr.orgId !== src.orgId || !fromAddr.enabled) {
      fields.push({ field: 'fromAddressId', message: '请选择本单位启用的发货地址' });
    }
    let to: AddressSnapshot;
    if (dest.kind === 'project') {
      to = { id: null, text: dest.project.address, regionCode: dest.project.regionCode };
    } else if (b.toAddressId !== undefined) {
      const a = await repo.addressById(tx, b.toAddressId);
      if (!a || a.orgId !== dest.org.id || !a.enabled) {
        fields.push({ field: 'toAddressId', message: '请选择收货单位的收货地址' });
        to = { id: null, text: null, regionCode: null };
      } else to = { id: a.id, text: await addressText(tx, a), regionCode: a.regionCode };
    } else {
      to = { id: null, text: null, regionCode: dest.org.regionCode };
    }
    if (fields.length > 0 || !fromAddr) throw invalidInput(fields);
    const from: AddressSnapshot = {
      id: fromAddr.id,
      text: await addressText(tx, fromAddr),
      regionCode: fromAddr.regionCode,
    };
    return { from, to };
  }

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
        const org = await repo.orgById(tx, orgId);
        const ok =
          org &&
          org.id !== user.orgId &&
          org.certStatus === CertStatus.CERTIFIED &&
          (org.type === OrgType.DISTRIBUTOR || org.type === OrgType.CONSTRUCTION);
        if (!ok) throw notFound('收货单位不存在');
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
      const orgId = user.orgId as number;
      return db.transaction(async (tx) => {
        const org = await repo.orgById(tx, orgId);
        if (!org) throw notFound('单位不存在');
        let existing: repo.ShipmentRow | null = null;
        if (b.id !== undefined) {
          existing = await repo.shipmentById(tx, b.id, true);
          if (!existing || existing.fromOrgId !== orgId) throw notFound(NOT_FOUND);
          requireMove({ side: 'shipper' }, 'save', existing.status);
        }
        if (org.type === OrgType.CONSTRUCTION && existing?.returnOfReceiptId == null) {
          throw forbidden('施工单位只能从收货单的拒收货物生成退货单');
        }
        // An uncertified organisation starts no shipment; a return settles one that others started (lib/certification.ts).
        if (existing?.returnOfReceiptId == null && !isCertifiedOrg(org)) throw uncertifiedForbidden();
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
      });
    },

    async detail(user: SessionUser, id: number): Promise<ShipmentDetail> {
      return db.transaction(async (tx) => {
        const { s, side } = await requireShipment(tx, user, id);
        const [head] = await summaries(tx, [s]);
        const lineRows = await repo.linesOf(tx, [s.id]);
        const codesByLine = codesByLineOf(await repo.shipmentCodeRows(tx, s.id));
        const receiptRows = await repo.receiptsOf(tx, s.id);
        const receipts = await receiptViews(tx, receiptRows);
        const eventRows = await repo.eventsOfShipment(tx, s.id);
        const eventCities = await repo.divisionNames(
          tx,
          eventRows.map((e) => (e.event.regionCode ? cityOfRegion(e.event.regionCode) : null)),
        );
        const isDraft = s.status === ShipmentStatus.DRAFT;
        const blockers: { lineNo: number | null; message: string }[] = [];
        let evidence: EvidenceSnapshot[];
        if (isDraft) {
          const draft = await recheckDraft(tx, s, lineRows, codesByLine);
          evidence = draft.evidence;
          for (const f of draft.fields) {
            const m = /^lines\.(\d+)\./.exec(f.field);
            blockers.push({ lineNo: m ? Number(m[1]) + 1 : null, message: f.message });
          }
        } else {
          // Snapshotted when shipped; a cancelled draft never was, so it shows what the date had.
          evidence = [];
          for (const r of lineRows) {
            evidence.push(
              (r.line.evidence as EvidenceSnapshot | null) ?? (await evidenceAsOf(tx, r.line.productId, s.shipDate)),
            );
          }
        }
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
          lines: lineRows.map((r, i) => {
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
            };
          }),
          receipts,
          events: eventRows.map(({ event: e, orgName }) => ({
            eventId: e.eventId,
            eventType: e.eventType,
            bizStep: e.bizStep,
            disposition: e.disposition,
            eventTime: formatShanghaiTime(e.eventTime),
            orgName,
            cityName: e.regionCode ? (eventCities.get(cityOfRegion(e.regionCode)) ?? '') : '',
            leafIndex: e.leafIndex,
            contentSha256: e.contentSha256,
          })),
          side: side.side,
          actions,
          blockers,
        };
      });
    },

    /** `options.at`: when the shipper ships — the demo seed states it; the API never passes one (now). */
    async ship(user: SessionUser, id: number, options: { at?: Date } = {}) {
      return db.transaction(async (tx) => {
        const { s, side } = await requireShipment(tx, user, id, true);
        const to = requireMove(side, 'ship', s.status);
        if (s.returnOfReceiptId === null && !(await orgIsCertified(tx, s.fromOrgId))) throw uncertifiedForbidden();
        const recorded = options.at ?? new Date();
        // Goods leave on the ship date (docs/traceability.md, "Event time"): a date to come is not a shipment yet.
        if (s.shipDate > shanghaiToday(recorded)) {
          throw invalidInput([
            { field: 'shipDate', message: '发货日期晚于今天：请在货物发出当天确认发货，或把发货日期改为今天' },
          ]);
        }
        const lineRows = await repo.linesOf(tx, [s.id]);
        const codeRows = await repo.shipmentCodeRows(tx, s.id);
        const {
          org,
          src,
          dest,
          evidence,
          fields: problems,
        } = await recheckDraft(tx, s, lineRows, codesByLineOf(codeRows));
        // One message per field: a line refused for its city and for its evidence names the first reason.
        const fields = problems.filter((f, i) => problems.findIndex((g) => g.field === f.field) === i);
        if (fields.length > 0) throw invalidInput(fields);

        const masses = lineRows.map((r) => (r.specMassPerUnitKg === null ? null : Number(r.specMassPerUnitKg)));
        const carbon = shipmentCarbon(
          lineRows.map((r, i) => ({ quantity: Number(r.line.quantity), massPerUnitKg: masses[i] ?? null })),
          Number(s.distanceKm),
          s.transportType,
        );
        // numeric(18,3) holds less than 10^15: a figure beyond it is a typo in a quantity or a mass, not a shipment.
        if ((carbon.massKg ?? 0) >= 1e15 || (carbon.kgCO2e ?? 0) >= 1e15) {
          throw invalidInput([{ field: 'lines.0.quantity', message: '发货重量或运输碳排放超出可计算的范围' }]);
        }

        const leftAt = businessMoment(s.shipDate, recorded);
        await moveStock(
          tx,
          lineRows.map((r, i) => ({
            holder: src.holder,
            specId: r.line.specId,
            lotId: r.line.lotId,
            bucket: src.bucket,
            quantity: -Number(r.line.quantity),
            reason: src.isReturn ? ('return' as const) : ('ship' as const),
            docType: 'shipment' as const,
            docId: s.id,
            occurredAt: leftAt,
            userId: user.userId,
            field: `lines.${i}.quantity`,
          })),
        );
        const top = codeRows.map((c) => c.code);
        const codes = [...top, ...(await repo.descendantsOf(tx, top))];
        await repo.setCodes(tx, codes, { status: CodeStatus.IN_TRANSIT });

        for (const [i, r] of lineRows.entries()) {
          await repo.updateLine(tx, r.line.id, { evidence: evidence[i], massPerUnitKg: r.specMassPerUnitKg });
        }
        const moved = await repo.moveShipment(tx, s.id, s.status, {
          status: to,
          shippedAt: recorded,
          massKg: carbon.massKg === null ? null : carbon.massKg.toFixed(3),
          kgCo2e: carbon.kgCO2e === null ? null : carbon.kgCO2e.toFixed(3),
          missingMassLines: carbon.missingMassLines,
        });
        if (!moved) throw conflict('发货单状态已变化，请刷新后重试');

        const coded = new Set(codeRows.map((c) => c.lineId));
        const transactions: { type: 'desadv' | 'rma'; id: string }[] = [{ type: 'desadv', id: URN.shipment(s.number) }];
        if (s.returnOfReceiptId !== null) {
          const receipt = await repo.receiptById(tx, s.returnOfReceiptId);
          if (receipt) transactions.push({ type: 'rma', id: URN.receipt(receipt.number) });
        }
        const lotIds = [...new Set(lineRows.map((r) => r.line.lotId))];
        await recordTraceEvent(tx, {
          event: await buildMovementEvent(tx, {
            bizStep: 'shipping',
            disposition: src.isReturn ? 'returned' : 'in_transit',
            at: leftAt,
            codes,
            quantities: lineRows
              .filter((r) => !coded.has(r.line.id))
              .map((r) => lotQuantity(r.line.lotId, Number(r.line.quantity), r.line.unitId)),
            lines: lineRows.map((r) => ({
              lotId: r.line.lotId,
              unitId: r.line.unitId,
              quantity: Number(r.line.quantity),
              codeCount: codeRows.filter((c) => c.lineId === r.line.id).length,
            })),
            regionCode: s.fromRegionCode,
            actorOrgId: s.fromOrgId,
            from: sourceParty(src),
            to: { ...destinationParty(dest), regionCode: s.toRegionCode },
            transactions,
            transport: {
              type: s.transportType,
              distanceKm: Number(s.distanceKm),
              distanceSource: s.distanceSource,
              massKg: carbon.massKg,
              kgCO2e: carbon.kgCO2e,
            },
          }),
          orgId: s.fromOrgId,
          regionCode: s.fromRegionCode,
          lotId: lotIds.length === 1 ? lotIds[0] : null,
          shipmentId: s.id,
          codes,
        });
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
      });
    },

    async cancel(user: SessionUser, id: number, reason: string | undefined) {
      return db.transaction(async (tx) => {
        const { s, side } = await requireShipment(tx, user, id, true);
        const to = requireMove(side, 'cancel', s.status);
        await repo.closeShipmentCodes(tx, s.id);
        if (!(await repo.moveShipment(tx, s.id, s.status, { status: to, closeReason: reason ?? null }))) {
          throw conflict('发货单状态已变化，请刷新后重试');
        }
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
      return db.transaction(async (tx) => {
        const { s, side } = await requireShipment(tx, user, id, true);
        const to = requireMove(side, 'void', s.status);
        const org = await repo.orgById(tx, s.fromOrgId);
        const src = sourceOf(s, org?.type ?? 0);
        const lineRows = await repo.linesOf(tx, [s.id]);
        const codeRows = await repo.shipmentCodeRows(tx, s.id);
        const back = await returnToShipper(
          tx,
          user,
          s,
          src,
          lineRows.map((r) => ({ line: r.line, quantity: toMilli(r.line.quantity) })),
          codeRows,
        );
        await repo.closeShipmentCodes(tx, s.id);
        if (!(await repo.moveShipment(tx, s.id, s.status, { status: to, closeReason: reason }))) {
          throw conflict('发货单状态已变化，请刷新后重试');
        }
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
      });
    },

    async close(user: SessionUser, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const { s, side } = await requireShipment(tx, user, id, true);
        const to = requireMove(side, 'close', s.status);
        const org = await repo.orgById(tx, s.fromOrgId);
        const src = sourceOf(s, org?.type ?? 0);
        const lineRows = await repo.linesOf(tx, [s.id]);
        const codeRows = await repo.shipmentCodeRows(tx, s.id);
        // What is still on its way is cancelled on the line and — a choice (docs/traceability.md, "Shipment
        // states") — goes back into the shipper's stock with its codes: the shipper then holds what never
        // arrived, and writes off a real loss with an adjustment of its own.
        const outstanding = lineRows.map((r) => {
          const q =
            toMilli(r.line.quantity) - toMilli(r.line.accepted) - toMilli(r.line.rejected) - toMilli(r.line.cancelled);
          return { line: r.line, quantity: q };
        });
        for (const o of outstanding) {
          if (o.quantity > 0) {
            await repo.updateLine(tx, o.line.id, { cancelled: milliText(toMilli(o.line.cancelled) + o.quantity) });
          }
        }
        const travelling = codeRows.filter((c) => c.open && c.outcome === null);
        const back = await returnToShipper(tx, user, s, src, outstanding, travelling);
        await repo.closeShipmentCodes(tx, s.id);
        if (!(await repo.moveShipment(tx, s.id, s.status, { status: to, closeReason: reason }))) {
          throw conflict('发货单状态已变化，请刷新后重试');
        }
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
      });
    },
  };
}

const units = new Map<number, string>(productUnits.map((u) => [u.id, u.name]));
export const unitName = (unitId: number) => units.get(unitId) ?? '';

/** The void_shipping event of goods that did not (or will no longer) arrive. */
async function recordVoidEvent(
  tx: Tx,
  s: repo.ShipmentRow,
  src: Source,
  back: { codes: string[]; quantities: ReturnType<typeof lotQuantity>[]; lines: MovementLine[] },
) {
  await recordTraceEvent(tx, {
    event: await buildMovementEvent(tx, {
      bizStep: 'void_shipping',
      // Voiding or closing is decided now, and what comes back is the shipper's again from now; never before the
      // shipment's last step (a shipment voided on the day it was back-dated to).
      at: await notBeforeShipmentEvents(tx, s.id, new Date()),
      codes: back.codes,
      quantities: back.quantities,
      lines: back.lines,
      regionCode: s.fromRegionCode,
      actorOrgId: s.fromOrgId,
      from: sourceParty(src),
      transactions: [{ type: 'desadv', id: URN.shipment(s.number) }],
    }),
    orgId: s.fromOrgId,
    regionCode: s.fromRegionCode,
    shipmentId: s.id,
    codes: back.codes,
  });
}
