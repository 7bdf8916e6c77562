import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import type * as issues from './construction.issue.repository.ts';

/** Issue orders' rows turned into the contract's answers (`retrieval/list`, `/detail`, `/search`). */

export function orderItemOf(r: issues.IssueOrderListRow) {
  const o = r.order;
  return {
    id: o.id,
    number: o.number,
    kind: o.kind as 'issue' | 'return',
    team: o.team,
    building: o.building,
    floor: o.floor,
    part: o.part,
    receivedBy: o.receivedBy,
    issuedOn: o.issuedOn,
    issuedByName: r.issuedByName,
    lineCount: r.lineCount,
    returned: r.returned,
    returnOfId: o.returnOfId,
    returnOfNumber: r.returnOfNumber,
  };
}

/**
 * A line of an order. For an issue line: what is still out, and of its codes those not yet returned (`returned`:
 * the codes of its returns) with the quantity each stands for (`facts`); a return line has nothing to return.
 */
export function lineViewOf(
  l: issues.IssueLineWithNames,
  returned: readonly string[],
  facts: ReadonlyMap<string, { quantity: string }>,
) {
  const quantity = toMilli(l.line.quantity);
  const isIssue = l.line.returnOfLineId === null;
  const back = new Set(returned);
  return {
    id: l.line.id,
    lotId: l.line.lotId,
    inspectionId: l.line.inspectionId,
    inspectionNumber: l.inspectionNumber,
    deliveryId: l.deliveryId,
    materialName: l.materialName,
    specName: l.specName,
    batchNo: l.batchNo,
    unitName: l.unitName,
    quantity: fromMilli(quantity),
    returnable: isIssue ? fromMilli(quantity - toMilli(l.line.returned)) : 0,
    codes: l.line.codes,
    returnableCodes: isIssue
      ? l.line.codes
          .filter((c) => !back.has(c))
          .map((code) => ({ code, quantity: fromMilli(toMilli(facts.get(code)?.quantity ?? 0)) }))
      : [],
  };
}

export function issuedLineOf(r: Awaited<ReturnType<typeof issues.issuedLinePage>>['rows'][number]) {
  return {
    id: r.line.id,
    lotId: r.line.lotId,
    inspectionId: r.line.inspectionId,
    inspectionNumber: r.inspectionNumber,
    deliveryId: r.deliveryId,
    materialName: r.materialName,
    specName: r.specName,
    batchNo: r.batchNo,
    unitName: r.unitName,
    quantity: fromMilli(toMilli(r.line.quantity)),
    orderId: r.line.orderId,
    orderNumber: r.orderNumber,
    issuedOn: r.issuedOn,
    team: r.team,
    building: r.building,
    floor: r.floor,
    part: r.part,
    netQuantity: fromMilli(toMilli(r.line.quantity) - toMilli(r.line.returned)),
  };
}
