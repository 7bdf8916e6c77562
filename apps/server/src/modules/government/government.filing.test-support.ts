import { CertStatus, Role } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { createLooseUser } from '../organization/test-support.ts';

/**
 * Accounts the filing tests need beyond the demo's, written straight into the database: another city's committee
 * (苏州, 320500) and a certified developer in Nanjing with no part in the demo projects. Answers a signed-in token.
 */
export async function addAccount(
  server: TestServer,
  a: { mobile: string; orgName: string; orgType: number; region: string; role: string },
): Promise<string> {
  const [org] = await server.database.db
    .insert(organizations)
    .values({ name: a.orgName, type: a.orgType, certStatus: CertStatus.CERTIFIED, regionCode: a.region })
    .returning({ id: organizations.id });
  const password = 'Filing@2026';
  const userId = await createLooseUser(server, a.mobile, password, [a.role]);
  await server.database.db
    .update(users)
    .set({ orgId: org?.id as number })
    .where(eq(users.id, userId));
  return server.login(a.mobile, password);
}

export const SUZHOU_COMMITTEE = {
  mobile: '13900000501',
  orgName: '苏州市住房和城乡建设局',
  orgType: 5,
  region: '320500',
  role: Role.CITY_COMMITTEE,
};
export const OTHER_DEVELOPER = {
  mobile: '13900000101',
  orgName: '南京其他置业有限公司',
  orgType: 1,
  region: '320105',
  role: Role.ENTERPRISE_ADMIN,
};
