import { OrgType, Role } from '@jcbb/contract';
import type { SessionUser } from '../../lib/session-user.ts';
import { createDivisionService } from '../../modules/account/index.ts';
import type { Db, Tx } from '../client.ts';

/** The demo's divisions of 南京绿筑 (README, "To try: the account centre"), parents before children. */
export const DEMO_DIVISIONS = ['总经理办公室', '生产部', '销售部', '华东销售组'] as const;

/**
 * 南京绿筑's divisions (部门), made through the module's service as its administrator makes them: the general
 * manager's office led by 张伟 (13800000001) with him in it, the production department led by 郑敏 (13800000009)
 * with her in it, and the sales department with one group under it, still empty.
 */
export async function seedDemoAccount(tx: Tx, maker: { orgId: number; userId: number; staffId: number }) {
  const user: SessionUser = {
    userId: maker.userId,
    sessionId: 0,
    appCode: 'jcbb',
    mobile: '',
    username: 'seed',
    realName: null,
    orgId: maker.orgId,
    orgType: OrgType.MANUFACTURER,
    roles: [Role.ENTERPRISE_ADMIN],
  };
  const divisions = createDivisionService({ db: tx as Db });
  const office = await divisions.create(user, { name: '总经理办公室', leaderId: maker.userId });
  const production = await divisions.create(user, { name: '生产部', leaderId: maker.staffId });
  const sales = await divisions.create(user, { name: '销售部' });
  await divisions.create(user, { name: '华东销售组', parentId: sales.id });
  await divisions.assign(user, maker.userId, office.id);
  await divisions.assign(user, maker.staffId, production.id);
}
