import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { procurementFilings } from '../../db/schema/index.ts';

/** The one refusal of the rule below. */
export const FILINGS_NAME_ORG = '该单位已为本项目报送政府采购信息，不能移除';

/**
 * The project's removal rule (project.removal.ts's MemberRemovalCheck): a filing sent to the city committee names the
 * organisation that filed it; the committee's record must keep that member behind it. A draft never sent does not.
 */
export async function governmentMemberRemovalCheck(tx: Tx, projectId: number, orgId: number): Promise<string | null> {
  const [filing] = await tx
    .select({ id: procurementFilings.id })
    .from(procurementFilings)
    .where(
      and(
        eq(procurementFilings.projectId, projectId),
        eq(procurementFilings.filerOrgId, orgId),
        ne(procurementFilings.status, 'draft'),
      ),
    )
    .limit(1);
  return filing ? FILINGS_NAME_ORG : null;
}
