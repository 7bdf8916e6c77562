import { governmentFilingEndpoints as api, periodOfDay, periodRange, previousPeriod } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { projects } from '../schema/index.ts';

/** The government filing's demo (demo-government-filings.ts), as the README describes it. */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
let school = 0;
let hospital = 0;
const today = shanghaiToday();
const current = periodOfDay(today);
const last = previousPeriod(current);
const before = previousPeriod(last);

beforeAll(async () => {
  server = await startTestServer();
  tokens.builder = await server.login('13800000003');
  tokens.developer = await server.login('13800000005');
  tokens.committee = await server.login('13800000006');
  const idOf = async (name: string) =>
    (await server.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0]
      ?.id as number;
  school = await idOf('南京市鼓楼区天妃宫小学新建工程');
  hospital = await idOf('江宁区人民医院门急诊综合楼');
});
afterAll(() => server?.stop());

describe('the demo filings', () => {
  it('shows the school’s filer a draft this quarter, last quarter confirmed, the one before locked', async () => {
    const data = ok(await call('builder', api.filingList, {}));
    expect(data.role).toBe('filer');
    const quarters = data.projects.find((p) => p.projectId === school)?.quarters ?? [];
    const statusOf = (period: string) => quarters.find((q) => q.period === period)?.filing?.status;
    expect([statusOf(current), statusOf(last), statusOf(before)]).toEqual(['draft', 'confirmed', 'locked']);
    expect(quarters.find((q) => q.period === last)?.late).toBe(false);
  });

  it('gives the committee last quarter’s school confirmed and hospital returned, the quarter before closed', async () => {
    const lastQ = ok(await call('committee', api.filingList, { period: last }));
    const byProject = new Map(lastQ.list.map((f) => [f.projectId, f]));
    expect(byProject.get(school)).toMatchObject({ status: 'confirmed', late: false });
    expect(byProject.get(hospital)).toMatchObject({ status: 'returned', late: false });
    expect(lastQ.periodClosed).toBe(false);
    // The housing estate has filed nothing: overdue. The sports centre was registered this quarter: not yet due.
    expect(lastQ.overdue.map((o) => o.projectName)).toEqual(['浦口区桥林保障房片区三期']);
    const beforeQ = ok(await call('committee', api.filingList, { period: before }));
    expect(beforeQ.periodClosed).toBe(true);
    expect(beforeQ.list.map((f) => f.status).sort()).toEqual(['locked', 'locked']);
  });

  it('returned the hospital’s quarter for its mandatory blocks not green, with a reason', async () => {
    const lastQ = ok(await call('committee', api.filingList, { period: last }));
    const id = lastQ.list.find((f) => f.projectId === hospital)?.id as number;
    const d = ok(await call('developer', api.filingDetail, { id }));
    expect(d.returnReason).toContain('蒸压加气混凝土砌块');
    expect(d.lines.find((l) => l.commonName === '蒸压加气混凝土砌块')).toMatchObject({
      standardKind: 'mandatory',
      isGreen: false,
    });
    expect(d.checks.some((c) => c.field === 'progressPaidFen' && c.level === 'warning')).toBe(true);
    expect(d.actions).toEqual(expect.arrayContaining(['save', 'submit']));
  });

  it('has the school’s filings in the quarter of each delivery: the granite prefilled, its amount filled in', async () => {
    // The granite arrived 9 days before the seeding: in this quarter's draft, or in last quarter's filing.
    const granitePeriod = periodOfDay(addDays(today, -9));
    const list = ok(await call('builder', api.filingList, {}));
    const quarters = list.projects.find((p) => p.projectId === school)?.quarters ?? [];
    const id = quarters.find((q) => q.period === granitePeriod)?.filing?.id as number;
    const d = ok(await call('builder', api.filingDetail, { id }));
    const granite = d.lines.find((l) => l.commonName === '花岗岩板材');
    expect(granite).toMatchObject({ source: 'system', quantity: '320', changedFields: ['amountFen'] });
    expect(granite?.amountFen).toBe(320 * 26_000);
    expect(granite?.sources.map((s) => s.kind)).toEqual(['delivery', 'inspection']);
    expect((granite?.deliveryDate ?? '') >= periodRange(granitePeriod).from).toBe(true);
    const draft = quarters.find((q) => q.period === current)?.filing?.id as number;
    const draftDetail = ok(await call('builder', api.filingDetail, { id: draft }));
    expect(draftDetail.checks.filter((c) => c.level === 'error')).toEqual([]);
  });
});
