import { ShipmentStatus } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** The one refusal of the rule below, for the developer who tried to remove the organisation. */
export const MATERIAL_ON_PROJECT = '该单位已在本项目收发材料，不能移除';

/**
 * Does traceability name organisation `orgId` on project `projectId` (docs/decisions.md, "Removal rule")? Yes when
 * any of these exists:
 *   - a receipt it made of a shipment to the project (what it received, accepted or rejected, for the project);
 *   - a shipment it made to or from the project (a return from the site, or goods it sent there), in any state but a
 *     cancelled draft: a draft reserves stock and codes, a shipped or voided one is a record that names it;
 *   - a move of the project's stock recorded by one of its users (receipts and returns above make such moves; the
 *     clause also covers any later adjustment or count of the project's stock).
 * One statement, in the caller's transaction: the removal and this check see the same rows.
 */
export async function traceNamesOrgOnProject(tx: Tx, projectId: number, orgId: number): Promise<boolean> {
  const holderKey = `project:${projectId}`;
  const result = (await tx.execute(sql`
    select (
      exists (select 1 from shipments s join receipts r on r.shipment_id = s.id
               where s.to_project_id = ${projectId} and r.receiver_org_id = ${orgId})
      or exists (select 1 from shipments s
                  where s.from_org_id = ${orgId}
                    and (s.from_project_id = ${projectId} or s.to_project_id = ${projectId})
                    and s.status <> ${ShipmentStatus.CANCELLED})
      or exists (select 1 from stock_moves m join users u on u.id = m.user_id
                  where m.holder_key = ${holderKey} and u.org_id = ${orgId})
    ) as named`)) as unknown as { rows: { named: boolean }[] };
  return result.rows[0]?.named === true;
}

/**
 * Traceability's answer to the project module's removal check (`MemberRemovalCheck`, modules/project): app.ts passes
 * it to `createProjectService({ removalChecks })`, so the project module does not depend on this one.
 */
export async function traceMemberRemovalCheck(tx: Tx, projectId: number, orgId: number): Promise<string | null> {
  return (await traceNamesOrgOnProject(tx, projectId, orgId)) ? MATERIAL_ON_PROJECT : null;
}
