import type { Tx } from '../../db/client.ts';

/**
 * One material module's answer to "may the developer remove this organisation from this project?": the reason it may
 * not, in words the developer understands (e.g. '该单位已在本项目收发材料，不能移除'), or null when that module has
 * nothing on the project naming the organisation. One query, in `tx`.
 *
 * The project module sits below the material modules (they import it; it imports none of them), so it only declares
 * the check: each material module implements one and app.ts passes them to `createProjectService` (the same shape as
 * the product module's `FactGate`): traceability, site construction, distribution, procurement and government each
 * give one (docs/decisions.md, "Removal rule").
 */
export type MemberRemovalCheck = (tx: Tx, projectId: number, orgId: number) => Promise<string | null>;

/**
 * May the developer remove an organisation from a project? Not once material has moved for it on the project: those
 * records name the organisation and must keep a member behind them. Asks each check in turn; the first reason wins.
 * Answers null when removal is allowed.
 */
export async function canRemoveMemberOrg(
  tx: Tx,
  projectId: number,
  orgId: number,
  checks: readonly MemberRemovalCheck[],
): Promise<string | null> {
  for (const check of checks) {
    const reason = await check(tx, projectId, orgId);
    if (reason) return reason;
  }
  return null;
}
