import type { Tx } from '../../db/client.ts';
import { namesBuyerOnProject } from './distribution.contract.repository.ts';

/** The one refusal of the rule below. */
export const CONTRACTS_NAME_ORG = '该单位是本项目经销合同的买方，不能移除';

/**
 * The project's removal rule (project.removal.ts's MemberRemovalCheck): a sales contract past its draft names its
 * buyer on the project; the distributor itself is not a member of the project. Drafts may still change their buyer.
 */
export async function distributionMemberRemovalCheck(tx: Tx, projectId: number, orgId: number): Promise<string | null> {
  return (await namesBuyerOnProject(tx, projectId, orgId)) ? CONTRACTS_NAME_ORG : null;
}
