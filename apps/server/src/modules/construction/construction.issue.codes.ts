import { CodeStatus, type FieldError } from '@jcbb/contract';
import { plainQuantity, toMilli } from '@jcbb/contract/quantity';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { setSiteCodes, siteCodes } from '../trace/index.ts';
import * as issues from './construction.issue.repository.ts';

/**
 * The trace codes of issues and returns (docs/construction.md, "Issue to the works"): which codes of a lot a project
 * may issue, the check of the codes an issue names, and the codes' moves — installed when issued (the public scan
 * page then warns when one is scanned again), received again when returned — with the codes below them.
 */

export type SiteCode = Awaited<ReturnType<typeof siteCodes>>[number];

/** The codes below these (a package's items, a pallet's packages and their items) among a lot's codes at the site. */
export function descendantsOf(top: readonly string[], all: readonly SiteCode[]): string[] {
  const out: string[] = [];
  let level = new Set(top);
  while (level.size > 0) {
    const next = all.filter((c) => c.parentCode !== null && level.has(c.parentCode)).map((c) => c.code);
    out.push(...next);
    level = new Set(next);
  }
  return out;
}

/**
 * The codes of a lot the project may issue: top-level codes it holds as received ('held'), less those of a delivery
 * still in quarantine (a lot delivered twice may be released once and awaiting inspection once).
 */
export async function issuableCodes(tx: Tx, projectId: number, lotId: number) {
  const held = await siteCodes(tx, { projectId, lotId }, [CodeStatus.HELD]);
  const top = held.filter((c) => c.parentCode === null);
  const blocked = await issues.quarantinedCodes(
    tx,
    projectId,
    top.map((c) => c.code),
  );
  return { held, issuable: top.filter((c) => !blocked.has(c.code)), blocked };
}

const sumOf = (codes: readonly { quantity: string }[]) => codes.reduce((s, c) => s + toMilli(c.quantity), 0);

/** One issue line as the code check sees it: after its stock move, the lot's usable balance left. */
export interface IssuedLot {
  lotId: number;
  quantity: number;
  codes: readonly string[];
  /** The lot's usable balance after this issue (moveStock's answer, under the balance's lock). */
  usableAfter: number;
}

/** The codes to install: those named and the codes below them, per lot. */
export interface CodeInstall {
  lotId: number;
  codes: string[];
}

/**
 * The codes of each line, checked under the balance's lock (no other issue of the lot runs between this check and
 * the install): named codes must be issuable and make the line's quantity; a line without codes may not take stock
 * its lot's codes stand for (what stays usable must still cover the codes left). Field errors go into `fields`.
 */
export async function checkIssueCodes(
  tx: Tx,
  projectId: number,
  lines: readonly IssuedLot[],
  fields: FieldError[],
): Promise<CodeInstall[]> {
  const installs: CodeInstall[] = [];
  for (const [i, l] of lines.entries()) {
    const { held, issuable, blocked } = await issuableCodes(tx, projectId, l.lotId);
    if (l.codes.length === 0) {
      const coded = sumOf(issuable);
      const remaining = toMilli(l.usableAfter);
      if (coded > remaining) {
        const uncoded = remaining + toMilli(l.quantity) - coded;
        fields.push({
          field: `lines.${i}.codes`,
          message:
            uncoded <= 0
              ? '该批次有追溯码，请选择领用的追溯码'
              : `该批次无码库存仅 ${plainQuantity(uncoded)}，其余请选择领用的追溯码`,
        });
      }
      continue;
    }
    const byCode = new Map(issuable.map((c) => [c.code, c]));
    const unknown = l.codes.flatMap((code, k) => (byCode.has(code) ? [] : [{ code, k }]));
    for (const { code, k } of unknown) {
      fields.push({
        field: `lines.${i}.codes.${k}`,
        message: blocked.has(code)
          ? '该追溯码所在的到货待验收放行，不能出库'
          : '追溯码不在本项目该批次的库存中，或已领用',
      });
    }
    if (unknown.length > 0) continue;
    const total = sumOf(l.codes.map((c) => byCode.get(c) as SiteCode));
    if (total !== toMilli(l.quantity)) {
      fields.push({
        field: `lines.${i}.codes`,
        message: `所选追溯码合计 ${plainQuantity(total)}，与领用数量 ${plainQuantity(toMilli(l.quantity))} 不符`,
      });
      continue;
    }
    installs.push({ lotId: l.lotId, codes: [...l.codes, ...descendantsOf(l.codes, held)] });
  }
  return installs;
}

/**
 * Codes of a project's lot moved from one status to another (installed on an issue, received again on a return):
 * all of them, or the transaction is refused (another change took one first).
 */
export async function moveCodes(
  tx: Tx,
  projectId: number,
  moves: readonly CodeInstall[],
  from: typeof CodeStatus.HELD | typeof CodeStatus.INSTALLED,
) {
  const to = from === CodeStatus.HELD ? CodeStatus.INSTALLED : CodeStatus.HELD;
  for (const m of moves) {
    const moved = await setSiteCodes(tx, { projectId, lotId: m.lotId }, { from: [from], to, codes: m.codes });
    if (moved.length !== m.codes.length) throw conflict('追溯码已变化，请刷新后重试');
  }
}

/**
 * The codes a return names for each coded line, with the codes below them: their quantities (as the codes stand,
 * installed at the site) must make the line's quantity. Field errors go into `fields`.
 */
export async function checkReturnCodes(
  tx: Tx,
  projectId: number,
  lines: readonly { lotId: number; quantity: number; codes: readonly string[] }[],
  fields: FieldError[],
): Promise<CodeInstall[]> {
  const installed = new Map<number, SiteCode[]>();
  const moves: CodeInstall[] = [];
  for (const [i, l] of lines.entries()) {
    if (l.codes.length === 0) continue;
    const all = installed.get(l.lotId) ?? (await siteCodes(tx, { projectId, lotId: l.lotId }, [CodeStatus.INSTALLED]));
    installed.set(l.lotId, all);
    const quantities = new Map(all.map((c) => [c.code, c.quantity]));
    const total = l.codes.reduce((s, c) => s + toMilli(quantities.get(c) ?? 0), 0);
    if (total !== toMilli(l.quantity)) {
      fields.push({
        field: `lines.${i}.codes`,
        message: `所选追溯码合计 ${plainQuantity(total)}，与退库数量 ${plainQuantity(toMilli(l.quantity))} 不符`,
      });
      continue;
    }
    moves.push({ lotId: l.lotId, codes: [...l.codes, ...descendantsOf(l.codes, all)] });
  }
  return moves;
}
