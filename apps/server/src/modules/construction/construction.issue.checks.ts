import type { FieldError, InspectionStateValue, issueCreateBody, issueReturnBody } from '@jcbb/contract';
import { fromMilli, plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import * as issues from './construction.issue.repository.ts';
import * as repo from './construction.repository.ts';
import { blockedReason } from './construction.stock.service.ts';

/**
 * The refusals before an issue or a return writes anything (docs/construction.md, "Issue to the works"), each a field
 * error with its reason. Read before the stock's lock: moveStock has the last word on a shortfall.
 */

type CreateBody = z.output<typeof issueCreateBody>;
type ReturnBody = z.output<typeof issueReturnBody>;

/** Why a lot cannot be issued now (its usable balance, the quarantined rest), or null when `quantity` can be. */
async function lotRefusal(tx: Tx, projectId: number, lotId: number, quantity: number, i: number) {
  const stock = await repo.siteStockOfLot(tx, projectId, lotId);
  if (!stock) return { field: `lines.${i}.lotId`, message: '该批次不在本项目库存中' };
  const usable = toMilli(stock.usable);
  const quarantined = toMilli(stock.quarantined);
  const state = (stock.state as InspectionStateValue | null) ?? null;
  // Only usable (released) stock leaves: a lot with none says why (awaiting inspection or retest, rejected).
  if (usable === 0) {
    const why = blockedReason({ usable: 0, quarantined: fromMilli(quarantined), state });
    return { field: `lines.${i}.lotId`, message: `该批次${why}` };
  }
  if (toMilli(quantity) > usable) {
    const rest =
      quarantined > 0
        ? `，另有 ${plainQuantity(quarantined)} ${blockedReason({ usable: 0, quarantined: 1, state })}`
        : '';
    return { field: `lines.${i}.quantity`, message: `库存不足：可用 ${plainQuantity(usable)}${rest}` };
  }
  return null;
}

/**
 * An issue's date and lines: not in the future; each lot once, at the project, with enough usable stock and an
 * inspection that released it. Answers each lot's releasing inspection (what its line records); fields refused go
 * into `fields`.
 */
export async function checkIssue(tx: Tx, b: CreateBody, fields: FieldError[]): Promise<Map<number, number>> {
  if (b.issuedOn > shanghaiToday()) fields.push({ field: 'issuedOn', message: '领用日期不能晚于今天' });
  const inspectionOf = new Map<number, number>();
  const seen = new Set<number>();
  for (const [i, l] of b.lines.entries()) {
    if (seen.has(l.lotId)) {
      fields.push({ field: `lines.${i}.lotId`, message: '同一批次请合并为一行' });
      continue;
    }
    seen.add(l.lotId);
    const refusal = await lotRefusal(tx, b.projectId, l.lotId, l.quantity, i);
    if (refusal) {
      fields.push(refusal);
      continue;
    }
    const inspection = await issues.releasingInspection(tx, b.projectId, l.lotId);
    if (!inspection) fields.push({ field: `lines.${i}.lotId`, message: '该批次没有放行的验收记录，不能出库' });
    else inspectionOf.set(l.lotId, inspection.id);
  }
  return inspectionOf;
}

/**
 * A return's date and lines against the issue's lines (read under their row lock, with the codes returned before):
 * on or after the issue, not in the future; each line of this issue once, at most what is still out; a coded line
 * names codes it issued and not yet returned, an uncoded one none. Fields refused go into `fields`.
 */
export function checkReturn(
  issue: issues.IssueOrderRow,
  b: ReturnBody,
  lines: ReadonlyMap<number, issues.IssueLineRow>,
  returnedCodes: ReadonlyMap<number, readonly string[]>,
  fields: FieldError[],
): void {
  if (b.returnedOn > shanghaiToday()) fields.push({ field: 'returnedOn', message: '退库日期不能晚于今天' });
  else if (b.returnedOn < issue.issuedOn)
    fields.push({ field: 'returnedOn', message: `退库日期不能早于领用日期 ${issue.issuedOn}` });
  const seen = new Set<number>();
  for (const [i, r] of b.lines.entries()) {
    const line = lines.get(r.lineId);
    if (!line) {
      fields.push({ field: `lines.${i}.lineId`, message: '出库明细不存在' });
      continue;
    }
    if (seen.has(r.lineId)) {
      fields.push({ field: `lines.${i}.lineId`, message: '同一明细请合并为一行' });
      continue;
    }
    seen.add(r.lineId);
    const left = toMilli(line.quantity) - toMilli(line.returned);
    if (toMilli(r.quantity) > left) {
      fields.push({ field: `lines.${i}.quantity`, message: `超出可退数量：可退 ${plainQuantity(left)}` });
    } else if (line.codes.length === 0) {
      if (r.codes.length > 0) fields.push({ field: `lines.${i}.codes`, message: '该明细领用时没有追溯码' });
    } else if (r.codes.length === 0) {
      fields.push({ field: `lines.${i}.codes`, message: '请选择退库的追溯码' });
    } else {
      const back = new Set(returnedCodes.get(line.id) ?? []);
      r.codes.forEach((code, k) => {
        if (!line.codes.includes(code) || back.has(code)) {
          fields.push({ field: `lines.${i}.codes.${k}`, message: '追溯码不在该明细中，或已退库' });
        }
      });
    }
  }
}
