import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { inquiries, purchaseOrders } from '../../db/schema/index.ts';

/** The one refusal of the rule below. */
export const PURCHASES_NAME_ORG = '该单位是本项目询价单或采购订单的采购方，不能移除';

/**
 * The project's removal rule (project.removal.ts's MemberRemovalCheck): an inquiry published or an order sent names
 * its buyer on the project, to the suppliers it went to; a draft is the buyer's alone and may go with it.
 */
export async function procurementMemberRemovalCheck(tx: Tx, projectId: number, orgId: number): Promise<string | null> {
  const [inquiry] = await tx
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(and(eq(inquiries.projectId, projectId), eq(inquiries.buyerOrgId, orgId), ne(inquiries.status, 'draft')))
    .limit(1);
  if (inquiry) return PURCHASES_NAME_ORG;
  const [order] = await tx
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.projectId, projectId),
        eq(purchaseOrders.buyerOrgId, orgId),
        ne(purchaseOrders.status, 'draft'),
      ),
    )
    .limit(1);
  return order ? PURCHASES_NAME_ORG : null;
}
