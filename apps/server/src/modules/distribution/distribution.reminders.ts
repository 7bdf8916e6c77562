import { AUTHORISATION_REMINDER_DAYS } from '@jcbb/contract';
import { addDays, daysBetween, shanghaiToday } from '@jcbb/contract/time';
import type { Db } from '../../db/client.ts';
import { tellParties } from './distribution.authorisation.messages.ts';
import * as repo from './distribution.authorisation.repository.ts';

/** How often the reminders job looks (jobs/index.ts): a day's reminders go out within the hour. */
export const REMINDER_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The expiry reminders (docs/distribution.md, "Reminders"): both parties of an accepted letter (active or suspended)
 * are told 60, 30 and 7 days before its last day, each reminder once (`authorisation_reminders`). A letter first
 * seen inside a window (issued with 20 days left, or a missed run) gets the nearest reminder only, the earlier ones
 * being marked as passed. Each letter is its own transaction; two processes racing send once (the insert decides).
 */
export async function runAuthorisationReminders(db: Db, today: string = shanghaiToday()) {
  const longest = Math.max(...AUTHORISATION_REMINDER_DAYS);
  const letters = await repo.endingWithin(db, today, addDays(today, longest));
  const sent = await repo.remindersSent(
    db,
    letters.map((l) => l.id),
  );
  let reminded = 0;
  for (const letter of letters) {
    const daysLeft = daysBetween(today, letter.validUntil);
    // The nearest reminder due: the smallest number of days that is still ≥ the days left.
    const due = [...AUTHORISATION_REMINDER_DAYS].sort((a, b) => a - b).find((d) => d >= daysLeft);
    if (due === undefined || sent.get(letter.id)?.includes(due)) continue;
    const passed = AUTHORISATION_REMINDER_DAYS.filter((d) => d > due && !sent.get(letter.id)?.includes(d));
    const told = await db.transaction(async (tx) => {
      if (!(await repo.markReminders(tx, letter.id, [due, ...passed]))) return false;
      const orgs = await repo.orgsById(tx, [letter.makerOrgId, letter.distributorOrgId]);
      await tellParties(tx, 'remind', letter, {
        maker: orgs.get(letter.makerOrgId)?.name ?? '',
        distributor: orgs.get(letter.distributorOrgId)?.name ?? '',
        daysLeft,
      });
      return true;
    });
    if (told) reminded += 1;
  }
  return { reminded };
}
