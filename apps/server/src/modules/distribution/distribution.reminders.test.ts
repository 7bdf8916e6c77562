import { distributionEndpoints as api } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { authorisationReminders, messages } from '../../db/schema/index.ts';
import { demoScope, issuedLetter, letterInput } from './distribution.authorisation.test-support.ts';
import { runAuthorisationReminders } from './distribution.reminders.ts';

/**
 * Expiry reminders (docs/distribution.md, "Reminders"): 60, 30 and 7 days before the last day both parties of an
 * accepted letter are told, each reminder once; a letter first seen inside a window gets the nearest one only;
 * letters not accepted, revoked or superseded get none. Days are given to the job, not waited for.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
const today = shanghaiToday();

/** The reminders about a letter, once per organisation (each member gets a copy). */
async function remindersOf(number: string) {
  return server.database.db
    .selectDistinct({ title: messages.title, channel: messages.channelNo, companyId: messages.companyId })
    .from(messages)
    .where(and(like(messages.title, `%${number}%`), like(messages.title, '%到期%')));
}

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
  tokens.dealer = await server.login('13800000002');
});
afterAll(() => server?.stop());

describe('authorisation reminders', () => {
  it('tells both parties 60, 30 and 7 days before the end, each once', async () => {
    const scope = await demoScope(server);
    const letter = await issuedLetter(
      () => server,
      tokens,
      letterInput(scope, { regionCodes: ['321000'], validUntil: addDays(today, 90) }),
    );
    const number = letter.number as string;
    // 70 days before: nothing due.
    await runAuthorisationReminders(server.database.db, addDays(today, 20));
    expect(await remindersOf(number)).toEqual([]);
    // 60 days before: both parties, each in its console's channel.
    await runAuthorisationReminders(server.database.db, addDays(today, 30));
    const first = await remindersOf(number);
    expect(first.map((m) => m.channel).sort()).toEqual(['agent', 'materials']);
    expect(first.map((m) => m.title)).toContain(`授权书 ${number} 将于 ${letter.validUntil} 到期（还有 60 天）`);
    // The same day again, and the next: nothing more.
    await runAuthorisationReminders(server.database.db, addDays(today, 30));
    await runAuthorisationReminders(server.database.db, addDays(today, 31));
    expect(await remindersOf(number)).toHaveLength(2);
    // 30 and 7 days before.
    await runAuthorisationReminders(server.database.db, addDays(today, 60));
    await runAuthorisationReminders(server.database.db, addDays(today, 83));
    expect(await remindersOf(number)).toHaveLength(6);
    const rows = await server.database.db
      .select({ days: authorisationReminders.daysBefore })
      .from(authorisationReminders)
      .where(eq(authorisationReminders.authorisationId, letter.id));
    expect(rows.map((r) => r.days).sort((a, b) => a - b)).toEqual([7, 30, 60]);
  });

  it('sends only the nearest reminder to a letter first seen inside a window; none to letters not in force', async () => {
    const scope = await demoScope(server);
    const late = await issuedLetter(
      () => server,
      tokens,
      letterInput(scope, { regionCodes: ['321100'], validUntil: addDays(today, 20) }),
    );
    const suspended = await issuedLetter(
      () => server,
      tokens,
      letterInput(scope, { regionCodes: ['321200'], validUntil: addDays(today, 20) }),
    );
    ok(await call('maker', api.authorisationSuspend, { id: suspended.id, reason: '整改' }));
    const unaccepted = await issuedLetter(
      () => server,
      tokens,
      letterInput(scope, { regionCodes: ['321300'], validUntil: addDays(today, 20) }),
      { accept: false },
    );
    const revoked = await issuedLetter(
      () => server,
      tokens,
      letterInput(scope, { regionCodes: ['320300'], validUntil: addDays(today, 20) }),
    );
    ok(await call('maker', api.authorisationRevoke, { id: revoked.id, reason: '终止' }));

    await runAuthorisationReminders(server.database.db, today);
    expect(await remindersOf(late.number as string)).toHaveLength(2);
    expect(await remindersOf(suspended.number as string)).toHaveLength(2);
    expect(await remindersOf(unaccepted.number as string)).toEqual([]);
    expect(await remindersOf(revoked.number as string)).toEqual([]);
    // The 60-day reminder is passed, not sent later; the 7-day one still comes.
    await runAuthorisationReminders(server.database.db, addDays(today, 1));
    expect(await remindersOf(late.number as string)).toHaveLength(2);
    await runAuthorisationReminders(server.database.db, addDays(today, 14));
    expect(await remindersOf(late.number as string)).toHaveLength(4);
  });
});
