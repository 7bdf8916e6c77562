import {
  type EvidenceSnapshot,
  type FieldError,
  OrgType,
  type ShipmentStatusValue,
  shipmentCarbon,
  shipmentStatusLabels,
} from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { isCertifiedOrg, orgIsCertified, uncertifiedForbidden } from '../../lib/certification.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import { evidenceAsOf } from './trace.evidence.ts';
import type { GateShipment, ShipmentGate } from './trace.shipment.gate.ts';
import {
  type Destination,
  destinationOf,
  NOT_FOUND,
  type Side,
  type Source,
  sourceOf,
} from './trace.shipment.parties.ts';
import * as repo from './trace.shipment.repository.ts';
import { type ShipmentActor, type ShipmentMoveValue, shipmentTransition } from './trace.transitions.ts';

/**
 * The refusals before a shipment may be saved or shipped (docs/traceability.md, "Who sees what" and "Shipment
 * states"): the move its side and state allow, the certification rule, and every line checked against the source's
 * stock and codes, the destination's city and the policy scope's evidence.
 */

// ---- the move ----

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

/** The caller's organisation's draft that a save names (locked), or 404; 409 once it is no longer a draft. */
export async function requireOwnDraft(tx: Tx, orgId: number, id: number): Promise<repo.ShipmentRow> {
  const existing = await repo.shipmentById(tx, id, true);
  if (!existing || existing.fromOrgId !== orgId) throw notFound(NOT_FOUND);
  requireMove({ side: 'shipper' }, 'save', existing.status);
  return existing;
}

/** Who may save: a construction unit only the return of what it rejected; an uncertified organisation only a return. */
export function requireMaySave(org: repo.OrgRow, existing: repo.ShipmentRow | null): void {
  if (org.type === OrgType.CONSTRUCTION && existing?.returnOfReceiptId == null) {
    throw forbidden('施工单位只能从收货单的拒收货物生成退货单');
  }
  // An uncertified organisation starts no shipment; a return settles one that others started (lib/certification.ts).
  if (existing?.returnOfReceiptId == null && !isCertifiedOrg(org)) throw uncertifiedForbidden();
}

/** Who may ship, and when: an uncertified shipper only a return; goods leave on the ship date, not before it. */
export async function requireMayShip(tx: Tx, s: repo.ShipmentRow, recorded: Date): Promise<void> {
  if (s.returnOfReceiptId === null && !(await orgIsCertified(tx, s.fromOrgId))) throw uncertifiedForbidden();
  // Goods leave on the ship date (docs/traceability.md, "Event time"): a date to come is not a shipment yet.
  if (s.shipDate > shanghaiToday(recorded)) {
    throw invalidInput([
      { field: 'shipDate', message: '发货日期晚于今天：请在货物发出当天确认发货，或把发货日期改为今天' },
    ]);
  }
}

// ---- the lines ----

export interface LineInput {
  specId: number;
  lotId: number;
  /** Thousandths. */
  quantity: number;
  codes: string[];
}

/** What checking lines needs, read once for all of them. */
async function lineFacts(
  tx: Tx,
  src: Source,
  dest: Destination,
  lines: readonly LineInput[],
  exceptShipmentId: number | null,
) {
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
  return { specs, lots, makerShips, held, codeRows, elsewhere, listed, cityName };
}
type LineFacts = Awaited<ReturnType<typeof lineFacts>>;

/**
 * The first reason line i's specification or lot cannot leave the source: a manufacturer ships its own products and
 * lots; anyone else lots it holds stock of in the bucket it ships from.
 */
function specOrLotProblem(i: number, l: LineInput, src: Source, f: LineFacts): FieldError | null {
  const spec = f.specs.get(l.specId);
  const lot = f.lots.get(l.lotId);
  if (!spec) return { field: `lines.${i}.specId`, message: '规格型号不存在' };
  if (f.makerShips && spec.productOrgId !== src.orgId) {
    return { field: `lines.${i}.specId`, message: '该规格型号不是本单位的产品' };
  }
  if (!lot || lot.specId !== l.specId) return { field: `lines.${i}.lotId`, message: '批次不存在或不属于该规格型号' };
  if (f.makerShips ? lot.orgId !== src.orgId : !f.held.has(lot.id)) {
    return { field: `lines.${i}.lotId`, message: src.isReturn ? '该批次没有拒收待退的货物' : '本单位没有该批次的库存' };
  }
  return null;
}

/** Why a code cannot leave with a line of this lot: named twice, of another lot, packed, not the source's, or in another open shipment. */
function codeProblem(c: string, lotId: number, src: Source, f: LineFacts, seen: ReadonlySet<string>): string | null {
  const row = f.codeRows.get(c);
  if (seen.has(c)) return `追溯码 ${c} 重复`;
  if (!row || row.lotId !== lotId) return `追溯码 ${c} 不属于该批次`;
  if (row.parentCode) return `追溯码 ${c} 已装入包装 ${row.parentCode}，请扫描包装上的码`;
  if (row.holderKey !== src.holderKey || !src.codeStatuses.includes(row.status)) {
    return `追溯码 ${c} 不在${src.isReturn ? '拒收待退的货物' : '本单位的库存'}中`;
  }
  if (f.elsewhere.has(c)) return `追溯码 ${c} 已在另一张未完成的发货单中`;
  return null;
}

/** A line's codes, in order until the first problem (each marked seen as it is checked): the problem, or their sum in thousandths. */
function checkCodes(l: LineInput, src: Source, f: LineFacts, seen: Set<string>): { problem: string } | { sum: number } {
  let sum = 0;
  for (const c of l.codes) {
    const problem = codeProblem(c, l.lotId, src, f, seen);
    seen.add(c);
    if (problem) return { problem };
    sum += toMilli(f.codeRows.get(c)?.quantity);
  }
  return { sum };
}

/**
 * What is wrong with lines a source would ship to a destination (field errors on lines.N.*): specification, lot and
 * codes of the shipper (a manufacturer: its own products and lots; anyone else: lots it holds stock of in the
 * bucket it ships from), codes top-level, held by the source and in no other open shipment, their quantities adding
 * up to the line's; for a project, the product listed in the project's city. One message per field, the first.
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
  const f = await lineFacts(tx, src, dest, lines, exceptShipmentId);
  const seen = new Set<string>();
  for (const [i, l] of lines.entries()) {
    const refused = specOrLotProblem(i, l, src, f);
    if (refused) {
      put(refused.field, refused.message);
      continue;
    }
    const spec = f.specs.get(l.specId) as repo.SpecFacts;
    if (f.listed && !f.listed.has(spec.productId))
      put(`lines.${i}.specId`, `该产品未在项目所在城市入库：${f.cityName}`);
    const codes = checkCodes(l, src, f, seen);
    if ('problem' in codes) put(`lines.${i}.codes`, codes.problem);
    else if (l.codes.length > 0 && codes.sum !== l.quantity) {
      put(`lines.${i}.quantity`, `发货数量应等于所选追溯码的数量之和 ${fromMilli(codes.sum)}`);
    }
  }
  return { fields, specs: f.specs };
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
export function codesByLineOf(rows: readonly { lineId: number; code: string }[]): Map<number, string[]> {
  const byLine = new Map<number, string[]>();
  for (const c of rows) {
    const list = byLine.get(c.lineId) ?? [];
    list.push(c.code);
    byLine.set(c.lineId, list);
  }
  return byLine;
}

/** A shipment and its lines as a gate sees them (trace.shipment.gate.ts). */
export function gateShipmentOf(s: repo.ShipmentRow, orgType: number, lineRows: readonly repo.LineRow[]): GateShipment {
  return {
    shipmentId: s.id,
    shipperOrgId: s.fromOrgId,
    shipperOrgType: orgType,
    isReturn: s.returnOfReceiptId !== null,
    regionCode: s.toRegionCode,
    projectId: s.toKind === 'project' ? s.toProjectId : null,
    shipDate: s.shipDate,
    lines: lineRows.map((r) => ({
      lineId: r.line.id,
      productId: r.line.productId,
      specId: r.line.specId,
      lotId: r.line.lotId,
      quantity: r.line.quantity,
    })),
  };
}

/**
 * A draft as it stands today: every line checked again (stock, codes, the destination city's catalogue) and the
 * evidence of each as of the ship date. The detail page shows the problems as blockers; shipping refuses them.
 * With a gate (the detail's check), what it says of each line (`scope`) and its refusals among the problems.
 */
export async function recheckDraft(
  tx: Tx,
  s: repo.ShipmentRow,
  lineRows: repo.LineRow[],
  codesByLine: ReadonlyMap<number, string[]>,
  gate?: ShipmentGate,
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
  const scope = gate ? await gate.check(tx, gateShipmentOf(s, org?.type ?? 0, lineRows)) : null;
  const refused: FieldError[] = (scope ?? []).flatMap((l, i) =>
    l && !l.covered ? [{ field: `lines.${i}.specId`, message: l.label }] : [],
  );
  return { org, src, dest, evidence: ev.evidence, scope, fields: [...checked.fields, ...ev.fields, ...refused] };
}

/** The draft about to ship as it stands, refused with its problems: one message per field, the first reason. */
export async function requireShippable(
  tx: Tx,
  s: repo.ShipmentRow,
  lineRows: repo.LineRow[],
  codeRows: readonly { lineId: number; code: string }[],
) {
  const draft = await recheckDraft(tx, s, lineRows, codesByLineOf(codeRows));
  // One message per field: a line refused for its city and for its evidence names the first reason.
  const fields = draft.fields.filter((f, i) => draft.fields.findIndex((g) => g.field === f.field) === i);
  if (fields.length > 0) throw invalidInput(fields);
  return draft;
}

/** The shipment's transport carbon as it ships now, refused beyond what a numeric(18,3) column holds. */
export function shippingCarbon(s: repo.ShipmentRow, lineRows: repo.LineRow[]) {
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
  return carbon;
}
