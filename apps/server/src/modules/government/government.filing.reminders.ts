import { FILING_REMINDER_DAYS, filingDueOn, periodOfDay, previousPeriod } from '@jcbb/contract';
import { daysBetween, shanghaiToday } from '@jcbb/contract/time';
import type { Db } from '../../db/client.ts';
import { tellOrgs } from './government.filing.messages.ts';
import * as repo from './government.filing.repository.ts';

/** The sweep runs every hour (jobs/index.ts); each reminder is sent once (`filing_reminders`). */
export const FILING_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/** Which reminder is due `daysLeft` days before the deadline: 7 → due_soon, 1 → due_tomorrow, past → overdue. */
function reminderKind(daysLeft: number): 'due_soon' | 'due_tomorrow' | 'overdue' | null {
  const [soon, tomorrow] = [...FILING_REMINDER_DAYS].sort((a, b) => b - a) as [number, number];
  if (daysLeft < 0) return 'overdue';
  if (daysLeft <= tomorrow) return 'due_tomorrow';
  if (daysLeft <= soon) return 'due_soon';
  return null;
}

/**
 * The filing reminders (docs/government.md, "Filing: deadline and reminders"): every filer (the developer and the
 * accepted construction units) of an in-scope project with nothing submitted for a quarter is told 7 days and 1 day
 * before its deadline (the deadline of the quarter now ending falls 5 days into the next), and once when it has
 * passed. A day missed (the job down) sends the next kind due, never one twice. `today` is injected by the tests.
 */
export async function runFilingReminders(db: Db, today: string = shanghaiToday()) {
  const current = periodOfDay(today);
  let reminded = 0;
  for (const period of [previousPeriod(current), current]) {
    const dueOn = filingDueOn(period);
    const daysLeft = daysBetween(today, dueOn);
    const kind = reminderKind(daysLeft);
    if (!kind) continue;
    for (const p of await repo.unfiledProjects(db, period)) {
      const told = await db.transaction(async (tx) => {
        if (!(await repo.markReminder(tx, p.id, period, kind))) return false;
        const text =
          kind === 'overdue'
            ? {
                title: `采购信息填报已逾期：${p.name}（${period}）`,
                content: `${period} 的政府采购绿色建材填报已于 ${dueOn} 截止，请尽快报送。`,
              }
            : {
                title: `采购信息填报即将截止：${p.name}（${period}）`,
                content: `${period} 的政府采购绿色建材填报将于 ${dueOn} 截止（还有 ${daysLeft} 天），请及时报送。`,
              };
        await tellOrgs(tx, await repo.filerOrgIds(tx, p.id, p.developer_org_id), text, null);
        return true;
      });
      if (told) reminded += 1;
    }
  }
  return { reminded };
}
