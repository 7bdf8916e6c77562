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
} finally {
  await database.close();
}
