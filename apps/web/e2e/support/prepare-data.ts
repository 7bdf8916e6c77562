/**
 * Run before the e2e server starts (`node --import tsx prepare-data.ts <dataDir>`, DATABASE_URL for a PostgreSQL
 * database instead of PGlite in dataDir): the demo data the server would seed itself, plus a few more messages for the message-popover account, so the popover has a second page and an
 * unread count worth counting down. The server then finds users and seeds no demo data of its own.
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/client.ts';
import { users } from '../../../server/src/db/schema/index.ts';
import { seedDemoData } from '../../../server/src/db/seed/demo.ts';
import { seedReferenceData } from '../../../server/src/db/seed/reference.ts';
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
  await database.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, MESSAGES_MOBILE));
    if (!user) throw new Error(`no demo user ${MESSAGES_MOBILE}`);
    for (const title of EXTRA_MESSAGES) {
      await sendMessage(tx, { userId: user.id }, { channel: 'jcbb', title, content: `${title}，详情请登录平台查看。` });
    }
  });
} finally {
  await database.close();
}
