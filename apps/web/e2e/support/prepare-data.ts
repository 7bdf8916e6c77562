/**
 * Run before the e2e server starts (`node --import tsx prepare-data.ts <dataDir>`, DATABASE_URL for a PostgreSQL
 * database instead of PGlite in dataDir): the demo data the server would seed itself, plus the message-popover test's
 * own inbox: an organisation of its own (a platform user, type 10) whose one user holds only the messages added here,
 * so the popover has a second page and an unread count worth counting down, and no other test's flow (a letter to the
 * distributor, a delivery to the site) writes to it. The server then finds users and seeds no demo data of its own.
 */
import { CertStatus, OrgType, Role } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/client.ts';
import { organizations, userRoles, users } from '../../../server/src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../../server/src/db/seed/demo.ts';
import { seedReferenceData } from '../../../server/src/db/seed/reference.ts';
import { hashPassword } from '../../../server/src/lib/passwords.ts';
import { setupLedgerSigner } from '../../../server/src/modules/ledger/index.ts';
import { sendMessage } from '../../../server/src/modules/message/index.ts';
import { EXTRA_MESSAGES, MESSAGES_MOBILE } from './accounts.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: prepare-data.ts <dataDir>');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir });
try {
  // The server's own start-up order (app.ts): reference data, then the demo organisations in their regions.
  await database.migrate();
  await seedReferenceData(database.db);
  // The ledger key goes into the data folder, where the server finds it: demo evidence is signed with it.
  const config = { ...loadConfig(), dataDir, memoryDb: false };
  await setupLedgerSigner(config);
  await seedDemoData(database.db, config);
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.scryptCost);
  await database.db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({
        name: '消息测试单位（端到端测试）',
        type: OrgType.PLATFORM_USER,
        certStatus: CertStatus.CERTIFIED,
        nature: 4,
        regionCode: '320100',
        certifiedAt: sql`now()`,
      })
      .returning({ id: organizations.id });
    const [user] = await tx
      .insert(users)
      .values({ mobile: MESSAGES_MOBILE, username: 'e2e-messages', realName: '消息测试', passwordHash, orgId: org?.id })
      .returning({ id: users.id });
    if (!org || !user) throw new Error('the message test account was not created');
    await tx.insert(userRoles).values({ userId: user.id, role: Role.ENTERPRISE_ADMIN });
    for (const title of EXTRA_MESSAGES) {
      await sendMessage(tx, { userId: user.id }, { channel: 'jcbb', title, content: `${title}，详情请登录平台查看。` });
    }
  });
  // Procurement — summary: a material list on the demo school, so that 材料汇总 has lines to drill down to
  // (procurement-summary.e2e.test.ts) until the module's demo data is seeded: a line with a green product of 南京绿筑
  // chosen, and one with none chosen yet (a failing line).
  await database.db.execute(sql`
    with school as (
      select id, developer_org_id from projects where name like '%天妃宫小学%' order by id limit 1
    ), author as (
      select id from users where mobile = '13800000005'
    ), product as (
      select p.classify_code, s.id as spec_id, p.org_id
      from products p join product_specs s on s.product_id = p.id
      join organizations o on o.id = p.org_id
      where o.name like '南京绿筑%' order by p.id, s.id limit 1
    ), list as (
      insert into material_lists (project_id, developer_org_id, status, confirmed_at, confirmed_by, created_by)
      select school.id, school.developer_org_id, 'confirmed', now(), author.id, author.id from school, author
      returning id, project_id, created_by
    )
    insert into material_list_lines
      (list_id, project_id, line_no, classify_code, common_name, unit_id, quantity, required_by,
       budget_unit_price_fen, chosen_spec_id, chosen_supplier_org_id, created_by)
    select list.id, list.project_id, n, product.classify_code, case n when 1 then 'E2E 外墙保温板' else 'E2E 屋面保温板' end,
      32, 100, date '2026-12-15', 5000, case n when 1 then product.spec_id end, case n when 1 then product.org_id end,
      list.created_by
    from list, product, generate_series(1, 2) n`);
} finally {
  await database.close();
}
