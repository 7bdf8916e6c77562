import type { Tx } from '../../db/client.ts';
import { namesOrgOnProject } from './construction.repository.ts';

/** The one refusal of the rule below. */
export const SITE_RECORDS_NAME_ORG = '该单位在本项目有现场到货、见证取样或抽检记录，不能移除';

/**
 * The project's removal rule (project.removal.ts's MemberRemovalCheck): the site's deliveries name the receiving
 * construction unit and the platform shipper, its witnessed samples the witness's organisation, its spot checks
 * the organisation that recorded them. Stock moves by the organisation's users are traceability's check.
 */
export async function constructionMemberRemovalCheck(tx: Tx, projectId: number, orgId: number): Promise<string | null> {
  return (await namesOrgOnProject(tx, projectId, orgId)) ? SITE_RECORDS_NAME_ORG : null;
}
