import type { Tx } from '../../db/client.ts';

/**
 * May the developer remove an organisation from a project? Not once material has moved for it on the project
 * (shipments received, stock held, outbound orders, spot checks): those records name the organisation and must keep
 * a member behind them. No material module exists yet, so today nothing blocks removal.
 *
 * THE HOOK LATER MODULES FILL: traceability, site construction and distribution add their check here (one query each,
 * in `tx`), answering the reason in words the developer understands, e.g. '该单位已在本项目收货，不能移除'.
 * Answers null when removal is allowed.
 */
export async function canRemoveMemberOrg(_tx: Tx, _projectId: number, _orgId: number): Promise<string | null> {
  return null;
}
