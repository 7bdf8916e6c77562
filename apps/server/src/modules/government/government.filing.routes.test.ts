import {
  governmentFilingEndpoints as api,
  type EndpointInput,
  filingDueOn,
  periodOfDay,
  periodRange,
  previousPeriod,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  filingFacts,
  filingReminders,
  messages,
  projects,
  purchaseOrderLines,
  siteDeliveries,
  siteInspections,
} from '../../db/schema/index.ts';
import { userIdOf } from '../organization/test-support.ts';
import { runFilingReminders } from './government.filing.reminders.ts';
import { addAccount, OTHER_DEVELOPER, SUZHOU_COMMITTEE } from './government.filing.test-support.ts';

/**
 * The quarterly procurement filing end to end (docs/government.md, "Filing"): who may see and do what, bad input,
 * the workflow from a draft to a lock and its correction, the prefill from a real demo delivery priced by its order,
 * and the reminders' sweep on an injected day. Built on the demo's filings (demo-government-filings.ts).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
const today = shanghaiToday();
const current = periodOfDay(today);
const last = previousPeriod(current);
let school = 0;
let hospital = 0;
let sports = 0;
let schoolDraft = 0;
let schoolLast = 0;
let hospitalLast = 0;

type SaveInput = EndpointInput<typeof api.filingSave>;
type LineInput = NonNullable<SaveInput['lines']>[number];

const typedLine = (over: Partial<LineInput> = {}): LineInput => ({
  classifyCode: '0105',
  commonName: '岩棉保温板',
  spec: 'TR10 80 厚',
  quantity: '12.5',
  unit: '平方米',
  amountFen: 48_125,
  supplierName: '南京江北商品混凝土有限公司',
  supplierCreditCode: '91320111MA1MCX7P4W',
  procurementMethod: 'open_tender',
  isGreen: true,
  evidenceKind: 'external_certificate',
  certificateNo: 'CQC-GBM-2026-00001',
  certificateBody: '中国质量认证中心',
  star: 2,
  deliveryDate: periodRange(current).from,
  ...over,
});

const detail = (who: string, id: number) => call(who, api.filingDetail, { id });
const messagesTo = async (mobile: string, title: string) =>
  server.database.db
    .select({ title: messages.title, url: messages.targetUrl })
    .from(messages)
    .where(and(eq(messages.toUid, await userIdOf(server, mobile))))
    .then((rows) => rows.filter((r) => r.title.includes(title)));

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    platform: '13800000000',
    maker: '13800000001',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    committee: '13800000006',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  tokens.suzhou = await addAccount(server, SUZHOU_COMMITTEE);
  tokens.otherDeveloper = await addAccount(server, OTHER_DEVELOPER);
  const idOf = async (name: string) =>
    (await server.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0]
      ?.id as number;
  school = await idOf('南京市鼓楼区天妃宫小学新建工程');
  hospital = await idOf('江宁区人民医院门急诊综合楼');
  sports = await idOf('建邺区青少年体育中心');
  const list = ok(await call('builder', api.filingList, {}));
  const quarters = (p: number) => list.projects.find((x) => x.projectId === p)?.quarters ?? [];
  schoolDraft = quarters(school).find((q) => q.period === current)?.filing?.id as number;
  schoolLast = quarters(school).find((q) => q.period === last)?.filing?.id as number;
  hospitalLast = quarters(hospital).find((q) => q.period === last)?.filing?.id as number;
});
afterAll(() => server?.stop());

describe('who sees the filings', () => {
  it('answers the platform operator and a manufacturer 403: they have no filings', async () => {
    expect((await call('platform', api.filingList, {})).status).toBe(403);
    expect((await call('maker', api.filingList, {})).status).toBe(403);
    expect((await call(null, api.filingList, {})).status).toBe(401);
  });

  it('shows a supervision unit its projects read only: save and open 403', async () => {
    const list = ok(await call('supervisor', api.filingList, {}));
    expect(list.role).toBe('reader');
    expect(list.projects.find((p) => p.projectId === school)?.quarters.every((q) => !q.canOpen)).toBe(true);
    const d = ok(await detail('supervisor', schoolDraft));
    expect(d).toMatchObject({ role: 'reader', actions: [] });
    expect((await call('supervisor', api.filingSave, { id: schoolDraft })).status).toBe(403);
    expect((await call('supervisor', api.filingOpen, { projectId: hospital, period: current })).status).toBe(403);
  });

  it('answers another developer, and another city’s committee, 404 on a filing and its project', async () => {
    expect((await detail('otherDeveloper', schoolLast)).status).toBe(404);
    expect((await call('otherDeveloper', api.filingOpen, { projectId: school, period: current })).status).toBe(404);
    expect((await call('otherDeveloper', api.filingSave, { id: schoolDraft })).status).toBe(404);
    expect((await detail('suzhou', schoolLast)).status).toBe(404);
    expect((await call('suzhou', api.filingConfirm, { id: hospitalLast })).status).toBe(404);
    const suzhou = ok(await call('suzhou', api.filingList, { period: last }));
    expect(suzhou).toMatchObject({ role: 'committee', list: [], total: 0, overdue: [] });
    expect(ok(await call('otherDeveloper', api.filingList, {})).projects).toEqual([]);
  });

  it('keeps a draft from the committee (404) and the committee’s calls from a filer (403)', async () => {
    expect((await detail('committee', schoolDraft)).status).toBe(404);
    expect((await call('builder', api.filingConfirm, { id: schoolLast })).status).toBe(403);
    expect((await call('builder', api.filingReturn, { id: hospitalLast, reason: '越权' })).status).toBe(403);
    expect((await call('builder', api.filingClosePeriod, { period: last })).status).toBe(403);
    expect((await call('committee', api.filingSave, { id: hospitalLast })).status).toBe(403);
  });

  it('filters the committee’s list by district, status, lateness and keyword', async () => {
    const by = async (q: EndpointInput<typeof api.filingList>) =>
      ok(await call('committee', api.filingList, { period: last, ...q })).list.map((f) => f.projectId);
    expect(await by({ regionCode: '320115' })).toEqual([hospital]);
    expect(await by({ status: 'confirmed' })).toEqual([school]);
    expect(await by({ late: true })).toEqual([]);
    expect(await by({ keyword: '天妃宫' })).toEqual([school]);
    expect(await by({ keyword: '%' })).toEqual([]);
  });
});

describe('bad input', () => {
  it('refuses a malformed quarter, a quarter not begun and a project outside its reach, per field', async () => {
    expect(
      fieldsOf(await callRaw('builder', api.filingOpen, { projectId: hospital, period: '2026Q1' })),
    ).toHaveProperty('period');
    const next = periodOfDay(addDays(periodRange(current).to, 1));
    expect(fieldsOf(await call('builder', api.filingOpen, { projectId: hospital, period: next }))).toEqual({
      period: `${next} 尚未开始，不能填报`,
    });
    expect(fieldsOf(await callRaw('builder', api.filingOpen, { projectId: 'x', period: current }))).toHaveProperty(
      'projectId',
    );
  });

  it('refuses bad lines with their field: quantity, credit code, star, evidence, another filing’s line', async () => {
    const res = await callRaw('builder', api.filingSave, {
      id: schoolDraft,
      lines: [
        { ...typedLine(), quantity: '-1' },
        { ...typedLine(), supplierCreditCode: '91320111MA1MCX7P40' },
        { ...typedLine(), star: undefined },
        { ...typedLine(), evidenceKind: 'none' },
        { ...typedLine(), amountFen: 10_000_000_000_001 },
        { ...typedLine(), deliveryDate: '2026-13-01' },
      ],
    });
    expect(Object.keys(fieldsOf(res)).sort()).toEqual([
      'lines.0.quantity',
      'lines.1.supplierCreditCode',
      'lines.2.star',
      'lines.3.evidenceKind',
      'lines.4.amountFen',
      'lines.5.deliveryDate',
    ]);
    const other = ok(await detail('builder', schoolLast)).lines[0]?.id as number;
    expect(
      fieldsOf(await call('builder', api.filingSave, { id: schoolDraft, lines: [{ ...typedLine(), id: other }] })),
    ).toEqual({ 'lines.0.id': '明细不存在' });
    expect(fieldsOf(await call('builder', api.filingSave, { id: schoolDraft, removedLineIds: [other] }))).toEqual({
      'removedLineIds.0': '明细不存在',
    });
    expect(
      fieldsOf(
        await call('builder', api.filingSave, {
          id: schoolDraft,
          lines: [typedLine({ evidenceKind: 'platform_certificate', certificateNo: 'NOT-ON-PLATFORM' })],
        }),
      ),
    ).toHaveProperty('lines.0.certificateNo');
  });
});

describe('the workflow', () => {
  let id = 0;

  it('opens the hospital’s quarter once, and answers the same filing when opened again', async () => {
    const both = await Promise.all([
      call('builder', api.filingOpen, { projectId: hospital, period: current }),
      call('developer', api.filingOpen, { projectId: hospital, period: current }),
    ]);
    id = ok(both[0]).id;
    expect(ok(both[1]).id).toBe(id);
    expect(ok(await call('developer', api.filingOpen, { projectId: hospital, period: current })).id).toBe(id);
    expect(ok(await detail('builder', id))).toMatchObject({
      status: 'draft',
      version: 1,
      dueOn: filingDueOn(current),
      actions: ['save', 'prefill', 'submit'],
    });
  });

  it('refuses to submit while a check fails, naming the line and the field', async () => {
    ok(
      await call('builder', api.filingSave, {
        id,
        lines: [typedLine(), typedLine({ commonName: '预拌混凝土', classifyCode: '0106', amountFen: 0 })],
      }),
    );
    const refused = fieldsOf(await call('builder', api.filingSubmit, { id }));
    expect(refused).toEqual({
      completedValueFen: '请填写已完成工程量价值',
      progressPaidFen: '请填写已支付进度款',
      'lines.1.amountFen': '第 2 行：请填写金额',
    });
  });

  it('submits, tells the committee; the committee returns it with a reason; resubmitted; confirmed', async () => {
    const d = ok(await detail('builder', id));
    ok(
      await call('builder', api.filingSave, {
        id,
        completedValueFen: 500_000_00,
        progressPaidFen: 350_000_00,
        lines: d.lines.map((l) => ({ ...l, amountFen: l.amountFen || 1_000_00 })) as LineInput[],
      }),
    );
    const saved = ok(await detail('builder', id));
    expect(saved.paymentRatioBp).toBe(7_000);
    expect(saved.checks.find((c) => c.field === 'progressPaidFen')?.level).toBe('warning');
    expect(saved.lines.map((l) => [l.lineNo, l.source, l.standardKind])).toEqual([
      [1, 'typed', 'mandatory'],
      [2, 'typed', 'mandatory'],
    ]);
    ok(await call('builder', api.filingSubmit, { id }));
    expect(await messagesTo('13800000006', '新的采购信息填报')).toContainEqual({
      title: expect.stringContaining('江宁区人民医院门急诊综合楼'),
      url: pageUrl(pages.governmentFiling, { id }),
    });
    expect((await call('builder', api.filingSave, { id })).status).toBe(409);
    expect(fieldsOf(await callRaw('committee', api.filingReturn, { id, reason: ' ' }))).toHaveProperty('reason');
    ok(await call('committee', api.filingReturn, { id, reason: '进度款低于 80%，请说明' }));
    expect(ok(await detail('developer', id))).toMatchObject({
      status: 'returned',
      returnReason: '进度款低于 80%，请说明',
    });
    expect(await messagesTo('13800000003', '填报被退回')).toHaveLength(1);
    ok(await call('builder', api.filingSave, { id, completedValueFen: 500_000_00, progressPaidFen: 420_000_00 }));
    ok(await call('builder', api.filingSubmit, { id }));
    const resubmitted = ok(await detail('committee', id));
    expect(resubmitted).toMatchObject({ status: 'resubmitted', late: false, actions: ['return', 'confirm'] });
    // The empty save above removed nothing: lines stay until removed by id.
    expect(resubmitted.lines).toHaveLength(2);
    ok(await call('committee', api.filingConfirm, { id }));
    expect((await call('committee', api.filingConfirm, { id })).status).toBe(409);
    const history = ok(await detail('builder', id)).history.map((h) => h.action);
    expect(history).toEqual(['open', 'save', 'save', 'submit', 'return', 'save', 'submit', 'confirm']);
    const facts = await server.database.db.select().from(filingFacts).where(eq(filingFacts.filingId, id));
    expect(facts.every((f) => f.status === 'confirmed')).toBe(true);
    expect(facts.reduce((s, f) => s + f.lines, 0)).toBe(2);
  });

  it('closes only a quarter that has ended, locking its confirmed filings and leaving the others', async () => {
    expect(fieldsOf(await call('committee', api.filingClosePeriod, { period: current }))).toHaveProperty('period');
    const closed = ok(await call('committee', api.filingClosePeriod, { period: last }));
    expect(closed).toEqual({ period: last, locked: 1 });
    expect(ok(await detail('builder', schoolLast))).toMatchObject({ status: 'locked', actions: ['correct'] });
    expect(ok(await detail('developer', hospitalLast)).status).toBe('returned');
    expect(ok(await call('committee', api.filingList, { period: last })).periodClosed).toBe(true);
    expect(await messagesTo('13800000003', '填报已锁定')).not.toHaveLength(0);
  });

  it('corrects a locked filing as a new version with its lines; the old one superseded and read only', async () => {
    const old = ok(await detail('builder', schoolLast));
    expect(fieldsOf(await callRaw('builder', api.filingCorrect, { id: schoolLast }))).toHaveProperty('reason');
    const { id: next } = ok(await call('builder', api.filingCorrect, { id: schoolLast, reason: '补录一批砌块的金额' }));
    const corrected = ok(await detail('builder', next));
    expect(corrected).toMatchObject({
      status: 'draft',
      version: 2,
      correctsId: schoolLast,
      correctionReason: '补录一批砌块的金额',
      period: last,
    });
    expect(corrected.lines.map((l) => [l.commonName, l.amountFen, l.source])).toEqual(
      old.lines.map((l) => [l.commonName, l.amountFen, l.source]),
    );
    expect(ok(await detail('builder', schoolLast))).toMatchObject({ supersededById: next, actions: [] });
    expect((await call('builder', api.filingCorrect, { id: schoolLast, reason: '再来一次' })).status).toBe(409);
    ok(await call('builder', api.filingSubmit, { id: next }));
    ok(await call('committee', api.filingConfirm, { id: next }));
    expect(ok(await call('committee', api.filingClosePeriod, { period: last })).locked).toBe(1);
    const facts = await server.database.db
      .select({ id: filingFacts.filingId })
      .from(filingFacts)
      .where(inArray(filingFacts.filingId, [schoolLast, next]));
    expect(new Set(facts.map((f) => f.id))).toEqual(new Set([next]));
  });
});

describe('the prefill', () => {
  it('adds the windows the site accepted, priced by their order line, and marks a person’s change', async () => {
    // The demo's windows arrived against the school's order and await their inspection: accept them, today.
    const [windows] = await server.database.db
      .select({ id: siteInspections.id, deliveryId: siteInspections.deliveryId })
      .from(siteInspections)
      .where(and(eq(siteInspections.projectId, school), eq(siteInspections.materialName, '断桥铝合金节能窗')));
    await server.database.db
      .update(siteInspections)
      .set({ state: 'released' })
      .where(eq(siteInspections.id, windows?.id as number));
    await server.database.db
      .update(siteDeliveries)
      .set({ arrivedOn: today })
      .where(eq(siteDeliveries.id, windows?.deliveryId as number));
    ok(await call('builder', api.filingPrefill, { id: schoolDraft }));
    ok(await call('builder', api.filingPrefill, { id: schoolDraft }));
    const d = ok(await detail('builder', schoolDraft));
    const added = d.lines.filter((l) => l.commonName === '断桥铝合金节能窗');
    expect(added).toHaveLength(1);
    const line = added[0] as (typeof added)[number];
    const orderId = line.sources.find((s) => s.kind === 'order')?.id as number;
    const [orderLine] = await server.database.db
      .select({ price: purchaseOrderLines.unitPriceFen })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, orderId));
    expect(line).toMatchObject({
      source: 'system',
      quantity: '40',
      procurementMethod: 'inquiry',
      supplierName: '南京绿筑新型建材有限公司',
      standardKind: 'optional',
      changedFields: [],
    });
    expect(line.amountFen).toBe(40 * (orderLine?.price as number));
    expect(line.sources.map((s) => s.kind)).toEqual(['delivery', 'inspection', 'shipment', 'order']);
    expect(line.sources.find((s) => s.kind === 'order')?.url).toMatch(/^\/buildMaterialProcurement\/orderDetail\?id=/);
    // A person changes its specification: the change is marked, the rest still the platform's.
    ok(
      await call('builder', api.filingSave, {
        id: schoolDraft,
        lines: [{ ...line, spec: '70 系列平开窗（Low-E）' } as LineInput],
      }),
    );
    const changed = ok(await detail('builder', schoolDraft)).lines.find((l) => l.id === line.id);
    expect(changed?.changedFields).toEqual(['spec']);
    ok(await call('builder', api.filingSave, { id: schoolDraft, lines: [line as LineInput] }));
    expect(ok(await detail('builder', schoolDraft)).lines.find((l) => l.id === line.id)?.changedFields).toEqual([]);
  });
});

describe('the reminders', () => {
  it('tells the filers 7 days and 1 day before the deadline and once overdue, each once', async () => {
    const due = filingDueOn(current);
    // Counted per kind for this quarter: a sweep also reminds of an earlier quarter (and the server's own job may
    // have done so at start-up), which is not what this test is about.
    const sent = async (kind: string) =>
      (
        await server.database.db
          .select({ projectId: filingReminders.projectId })
          .from(filingReminders)
          .where(and(eq(filingReminders.period, current), eq(filingReminders.kind, kind)))
      ).length;
    await runFilingReminders(server.database.db, addDays(due, -7));
    // The housing estate, the sports centre and the school (its draft is not submitted) have nothing submitted.
    const soon = await sent('due_soon');
    expect(soon).toBeGreaterThanOrEqual(3);
    await runFilingReminders(server.database.db, addDays(due, -6));
    expect(await sent('due_soon')).toBe(soon);
    expect(await sent('due_tomorrow')).toBe(0);
    await runFilingReminders(server.database.db, addDays(due, -1));
    expect(await sent('due_tomorrow')).toBe(soon);
    await runFilingReminders(server.database.db, addDays(due, 1));
    expect(await sent('overdue')).toBe(soon);
    await runFilingReminders(server.database.db, addDays(due, 2));
    expect([await sent('due_soon'), await sent('due_tomorrow'), await sent('overdue')]).toEqual([soon, soon, soon]);
    const kinds = await server.database.db
      .select({ kind: filingReminders.kind })
      .from(filingReminders)
      .where(and(eq(filingReminders.projectId, sports), eq(filingReminders.period, current)));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['due_soon', 'due_tomorrow', 'overdue']);
    const told = await messagesTo('13800000005', `建邺区青少年体育中心（${current}）`);
    expect(told.map((m) => m.title.slice(0, 10))).toEqual([
      '采购信息填报即将截止',
      '采购信息填报即将截止',
      '采购信息填报已逾期：',
    ]);
    expect(told[0]?.url).toBe(pages.governmentFilings.path);
  });
});
