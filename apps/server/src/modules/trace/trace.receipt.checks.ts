import type { FieldError, RejectReasonValue, receiptCreateBody } from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads } from '../file/index.ts';
import * as repo from './trace.shipment.repository.ts';

/**
 * The refusals before a receipt may be made (docs/traceability.md, "Receipts"): the arrival date, the photos, and
 * each line's quantities and codes against what is still outstanding on the shipment. Field errors, all at once.
 */

export type CreateBody = z.output<typeof receiptCreateBody>;
type LineBody = CreateBody['lines'][number];
type ShipmentCode = Awaited<ReturnType<typeof repo.shipmentCodeRows>>[number];
type Put = (field: string, message: string) => void;

/** One line of a receipt, checked: quantities in thousandths, the codes accepted and turned away. */
export interface Planned {
  line: repo.LineRow['line'];
  received: number;
  accepted: number;
  rejected: number;
  reason: RejectReasonValue | null;
  acceptedCodes: string[];
  rejectedCodes: string[];
}

/** The arrival date (not before the ship date, not in the future) and the photos (the caller's own uploads). */
export async function checkArrival(
  tx: Tx,
  user: SessionUser,
  s: repo.ShipmentRow,
  b: CreateBody,
  fields: FieldError[],
): Promise<void> {
  if (b.arrivedOn < s.shipDate) fields.push({ field: 'arrivedOn', message: `到货日期不能早于发货日期 ${s.shipDate}` });
  else if (b.arrivedOn > shanghaiToday()) fields.push({ field: 'arrivedOn', message: '到货日期不能晚于今天' });
  const photos = await ownedUploads(tx, b.photoUploadIds, user.orgId, user.userId);
  b.photoUploadIds.forEach((id, i) => {
    if (!photos.has(id)) fields.push({ field: `photoUploadIds.${i}`, message: '照片不存在' });
  });
}

/** Field problems of a receipt's lines against the shipment's lines and codes; the plan when there are none. */
export async function planLines(tx: Tx, s: repo.ShipmentRow, b: CreateBody, fields: FieldError[]): Promise<Planned[]> {
  const put: Put = (field, message) => {
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
    checkQuantities(i, l, line, put);
    const codes = planCodes(
      i,
      l,
      codeRows.filter((c) => c.lineId === line.id),
      put,
    );
    if (!codes) continue;
    plan.push({ line, received, accepted, rejected, reason: rejected > 0 ? (l.rejectReason ?? null) : null, ...codes });
  }
  return plan;
}

/** received = accepted + rejected, more than 0 and no more than is outstanding; a rejection has its reason. */
function checkQuantities(i: number, l: LineBody, line: repo.LineRow['line'], put: Put): void {
  const received = toMilli(l.received);
  const accepted = toMilli(l.accepted);
  const rejected = toMilli(l.rejected);
  const outstanding =
    toMilli(line.quantity) - toMilli(line.accepted) - toMilli(line.rejected) - toMilli(line.cancelled);
  if (received <= 0) put(`lines.${i}.received`, '实收数量必须大于 0');
  else if (received !== accepted + rejected) put(`lines.${i}.received`, '实收数量应等于合格数量与拒收数量之和');
  else if (received > outstanding) put(`lines.${i}.received`, `超过未收数量 ${fromMilli(outstanding)}`);
  if (rejected > 0 && !l.rejectReason) put(`lines.${i}.rejectReason`, '请选择拒收原因');
}

/**
 * A line's codes: those that arrived (named, or all still on their way when omitted) and those turned away, their
 * quantities equal to the line's. null when a code is not the line's to receive (the line is left out of the plan).
 */
function planCodes(
  i: number,
  l: LineBody,
  lineCodes: ShipmentCode[],
  put: Put,
): { acceptedCodes: string[]; rejectedCodes: string[] } | null {
  if (lineCodes.length === 0) {
    if ((l.receivedCodes?.length ?? 0) > 0) put(`lines.${i}.receivedCodes`, '该明细没有追溯码');
    if (l.rejectedCodes.length > 0) put(`lines.${i}.rejectedCodes`, '该明细没有追溯码');
    return { acceptedCodes: [], rejectedCodes: [] };
  }
  // The codes still on their way on this line; a receipt names those that arrived (all of them if omitted).
  const open = new Map(lineCodes.filter((c) => c.open && c.outcome === null).map((c) => [c.code, c]));
  const arrived = l.receivedCodes ?? [...open.keys()];
  const stranger = arrived.find((c) => !open.has(c));
  if (stranger) {
    put(`lines.${i}.receivedCodes`, `追溯码 ${stranger} 不在本行待收的货物中`);
    return null;
  }
  const arrivedSet = new Set(arrived);
  const outsider = l.rejectedCodes.find((c) => !arrivedSet.has(c));
  if (outsider) {
    put(`lines.${i}.rejectedCodes`, `拒收的追溯码 ${outsider} 不在收到的追溯码中`);
    return null;
  }
  const sumOf = (codes: string[]) => codes.reduce((sum, c) => sum + toMilli(open.get(c)?.quantity), 0);
  const arrivedSum = sumOf(arrived);
  if (toMilli(l.received) !== arrivedSum) {
    put(
      `lines.${i}.received`,
      l.receivedCodes
        ? `实收数量应等于收到的追溯码的数量之和 ${fromMilli(arrivedSum)}`
        : `未填写收到的追溯码时视为全部到货，实收数量应为 ${fromMilli(arrivedSum)}`,
    );
  }
  const rejectedSum = sumOf(l.rejectedCodes);
  if (toMilli(l.rejected) !== rejectedSum) {
    put(`lines.${i}.rejected`, `拒收数量应等于拒收的追溯码的数量之和 ${fromMilli(rejectedSum)}`);
  }
  const rejectedSet = new Set(l.rejectedCodes);
  return { acceptedCodes: arrived.filter((c) => !rejectedSet.has(c)), rejectedCodes: l.rejectedCodes };
}
