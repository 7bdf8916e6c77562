import { CertStatus, Role } from '@jcbb/contract';
import type { TestServer } from '../../../test/harness.ts';
import { organizations, userRoles, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** A certified organisation with one user (password Jcbb@2026), written straight into a test server's database. */
export async function addOrgWithUser(
  server: TestServer,
  o: { name: string; type: number; regionCode: string; mobile: string; role?: string; orgId?: number },
): Promise<{ orgId: number; userId: number }> {
  const db = server.database.db;
  let orgId = o.orgId;
  if (orgId === undefined) {
    const [org] = await db
      .insert(organizations)
      .values({ name: o.name, type: o.type, certStatus: CertStatus.CERTIFIED, regionCode: o.regionCode })
      .returning({ id: organizations.id });
    orgId = (org as { id: number }).id;
  }
  const [user] = await db
    .insert(users)
    .values({
      mobile: o.mobile,
      username: `u${o.mobile}`,
      realName: o.name.slice(0, 2),
      passwordHash: await hashPassword(DEMO_PASSWORD, server.config.scryptCost),
      orgId,
    })
    .returning({ id: users.id });
  const userId = (user as { id: number }).id;
  await db.insert(userRoles).values({ userId, role: o.role ?? Role.ENTERPRISE_ADMIN });
  return { orgId, userId };
}

/** A register entry that passes validation; override what a test is about. */
export const projectInput = (code: string, over: Record<string, unknown> = {}) => ({
  name: `测试项目 ${code}`,
  code,
  type: 2,
  regionCode: '320106',
  address: '南京市鼓楼区测试路 1 号',
  grossFloorArea: 12000.5,
  investmentFen: 8_000_000_000,
  targetStar: 2,
  step: 0,
  designStage: 0,
  plannedStart: '2026-03-01',
  plannedFinish: '2027-12-31',
  inPolicyScope: true,
  policyBatch: '2020',
  standardEdition: '2020-trial',
  ...over,
});
