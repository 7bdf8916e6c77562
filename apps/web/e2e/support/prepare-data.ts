/**
 * Run before the e2e server starts (`node --import tsx prepare-data.ts <dataDir>`, DATABASE_URL for a PostgreSQL
 * database instead of PGlite in dataDir): the demo data the server would seed itself, plus the message-popover test's
 * own inbox: an organisation of its own (a platform user, type 10) whose one user holds only the messages added here,
 * so the popover has a second page and an unread count worth counting down, and no other test's flow (a letter to the
 * distributor, a delivery to the site) writes to it. The server then finds users and seeds no demo data of its own.
 */
import { CertStatus, OrgType, Role } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/client.ts';
import {
  materialListLines,
  materialLists,
  organizations,
  projects,
  userRoles,
  users,
} from '../../../server/src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../../server/src/db/seed/demo.ts';
import { readDemoEvidence } from '../../../server/src/db/seed/demo-evidence.ts';
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
  // The demo's certificates and test reports read now, as the tests' servers have them (app.ts leaves them to the
  // background reader on a fresh start): the walk-throughs open findings without waiting for the reader.
  await readDemoEvidence(database.db, config);
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
  // Procurement sourcing's e2e (procurement-sourcing.e2e.test.ts): a rock wool line of its own on the school's material
  // list (needed within the demo certificate's last 45 days), so its inquiry and award leave the demo's lines as the
  // README describes them.
  await database.db.transaction(async (tx) => {
    const [school] = await tx.select().from(projects).where(eq(projects.name, '南京市鼓楼区天妃宫小学新建工程'));
    if (!school) throw new Error('the demo school project is missing');
    let [list] = await tx.select().from(materialLists).where(eq(materialLists.projectId, school.id));
    if (!list) {
      [list] = await tx
        .insert(materialLists)
        .values({ projectId: school.id, developerOrgId: school.developerOrgId, createdBy: 1 })
        .returning();
    }
    await tx.insert(materialListLines).values({
      listId: (list as { id: number }).id,
      projectId: school.id,
      lineNo: 901,
      classifyCode: '0105',
      commonName: '外墙岩棉保温板（端到端询价）',
      unitId: 31,
      quantity: '800',
      requiredBy: addDays(shanghaiToday(), 30),
      budgetUnitPriceFen: 4000,
      createdBy: 1,
    });
  });
} finally {
  await database.close();
}
