import { governmentRiskEndpoints as api, OrgType, Role } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, messages, projects, riskAlerts } from '../../db/schema/index.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { userOf } from '../trace/trace.test-support.ts';

/**
 * The risk calls end to end on the demo's alerts (docs/government.md, "Risk rules"): who sees which alert, the
 * workflow with its refusals (another city 404, the wrong side 403, the wrong state 409, missing reasons 400), the
 * explanation's files, running the rules by hand, and a committee member's subscriptions.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
const ids = { school: 0, developer: 0, maker: 0, suzhouProduct: 0, hangzhouProject: 0 };

/** The demo's alerts of a rule (Nanjing), as the committee lists them. */
async function alertOf(ruleCode: 'GBM-01' | 'GBM-08' | 'GBM-12', status?: 'open') {
  const list = ok(await call('committee', api.alertList, { ruleCode, status, take: 100 })).list;
  const found = list[0];
  if (!found) throw new Error(`the demo has no ${ruleCode} alert`);
  return found;
}

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    committee: '13800000006',
    developer: '13800000005',
    builder: '13800000003',
    maker: '13800000001',
    suzhou: '13800000008',
    platform: '13800000000',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  await addOrgWithUser(server, {
    name: '杭州市城乡建设委员会',
    type: OrgType.GOVERNMENT,
    regionCode: '330100',
    mobile: '13900000031',
    role: Role.CITY_COMMITTEE,
  });
  tokens.hangzhou = await server.login('13900000031');
  const [school] = await server.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.name, '南京市鼓楼区天妃宫小学新建工程'));
  ids.school = school?.id as number;
  ids.developer = (await userOf(server, '13800000005')).orgId as number;
  ids.maker = (await userOf(server, '13800000001')).orgId as number;
});
afterAll(() => server?.stop());

describe('the rules', () => {
  it('lists every rule’s version to anyone signed in, and nobody else', async () => {
    const rules = ok(await call('developer', api.riskRules)).list;
    expect(rules.map((r) => r.code)).toEqual([
      'GBM-01',
      'GBM-02',
      'GBM-03',
      'GBM-04',
      'GBM-06A',
      'GBM-06B',
      'GBM-08',
      'GBM-11',
      'GBM-12',
      'GBM-16',
    ]);
    expect(rules.find((r) => r.code === 'GBM-08')).toMatchObject({
      version: 1,
      active: true,
      severity: 'medium',
      params: { minSharePct: 30, minRequired: 3 },
    });
    expect(ok(await call('committee', api.riskRules)).list).toHaveLength(10);
    expect((await call(null, api.riskRules)).status).toBe(401);
  });
});

describe('who sees an alert', () => {
  it('shows the committee its city’s alerts, the developer those naming it, a maker none of the developer’s', async () => {
    const committee = ok(await call('committee', api.alertList, { take: 100 }));
    const rules = new Set(committee.list.map((a) => a.ruleCode));
    for (const code of ['GBM-01', 'GBM-08', 'GBM-12']) expect(rules.has(code as 'GBM-01')).toBe(true);
    expect(committee.list.every((a) => a.cityCode === '320100')).toBe(true);
    expect(committee.openBySeverity.high).toBeGreaterThanOrEqual(1);
    const developer = ok(await call('developer', api.alertList, { take: 100 }));
    expect(developer.total).toBe(committee.total);
    expect(ok(await call('maker', api.alertList, {})).total).toBe(0);
    expect(ok(await call('hangzhou', api.alertList, {})).total).toBe(0);
    expect(ok(await call('platform', api.alertList, { take: 100 })).total).toBeGreaterThanOrEqual(committee.total);
    expect((await call(null, api.alertList, {})).status).toBe(401);
  });

  it('filters by severity, rule, project, period and 待说明', async () => {
    const high = ok(await call('committee', api.alertList, { severity: 'high', take: 100 })).list;
    expect(high.length).toBeGreaterThan(0);
    expect(high.every((a) => a.severity === 'high')).toBe(true);
    const school = ok(await call('committee', api.alertList, { projectId: ids.school, take: 100 })).list;
    expect(school.every((a) => a.projectId === ids.school)).toBe(true);
    expect(ok(await call('committee', api.alertList, { period: '2020-Q1' })).total).toBe(0);
    // The demo's witness alert was explained: nothing awaits the developer until the committee acknowledges another.
    expect(ok(await call('developer', api.alertList, { awaitingMe: true })).total).toBe(0);
    const fields = fieldsOf(await callRaw('committee', api.alertList, { severity: 'urgent', period: '2026Q3' }));
    expect(Object.keys(fields).sort()).toEqual(['period', 'severity']);
  });

  it('opens an alert to its city’s committee, the organisation it names and those on its project; 404 to others', async () => {
    const alert = await alertOf('GBM-08');
    const asCommittee = ok(await call('committee', api.alertDetail, { id: alert.id }));
    expect(asCommittee).toMatchObject({ side: 'committee', status: 'explained', actions: ['dismiss', 'confirm'] });
    expect(asCommittee.rule).toMatchObject({ code: 'GBM-08', version: 1, name: '见证取样比例偏低' });
    expect(asCommittee.explanation).toContain('见证取样已排期');
    expect(asCommittee.history.map((h) => h.action)).toEqual(['detect', 'acknowledge', 'explain']);
    expect(asCommittee.follows.map((f) => f.subjectKind)).toEqual(['project']);
    const asDeveloper = ok(await call('developer', api.alertDetail, { id: alert.id }));
    expect(asDeveloper).toMatchObject({ side: 'organisation', actions: [], follows: [] });
    expect(ok(await call('builder', api.alertDetail, { id: alert.id }))).toMatchObject({ side: 'reader', actions: [] });
    expect(ok(await call('platform', api.alertDetail, { id: alert.id }))).toMatchObject({ side: 'reader' });
    for (const who of ['maker', 'suzhou', 'hangzhou']) {
      expect((await call(who, api.alertDetail, { id: alert.id })).status, who).toBe(404);
    }
    expect((await call('committee', api.alertDetail, { id: 999_999 })).status).toBe(404);
  });
});

describe('the workflow', () => {
  it('acknowledge, explain with files, confirm and close, each told to the other side and audited', async () => {
    const alert = await alertOf('GBM-01', 'open');
    // Only the committee acts first; the developer may not explain an alert not yet acknowledged.
    expect((await call('developer', api.alertAcknowledge, { id: alert.id })).status).toBe(403);
    expect((await call('developer', api.alertExplain, { id: alert.id, explanation: '说明' })).status).toBe(409);
    expect((await call('hangzhou', api.alertAcknowledge, { id: alert.id })).status).toBe(404);
    ok(await call('committee', api.alertAcknowledge, { id: alert.id, reason: '请说明涂料到货情况' }));
    expect((await call('committee', api.alertAcknowledge, { id: alert.id })).status).toBe(409);
    const told = await server.database.db
      .select({ title: messages.title })
      .from(messages)
      .where(and(eq(messages.companyId, ids.developer), eq(messages.targetUrl, pageUrl(pages.governmentAlert, alert))));
    expect(told.map((m) => m.title)).toContain('住建委已受理预警，请提交情况说明：到货时绿色建材证书已失效');
    expect(ok(await call('developer', api.alertList, { awaitingMe: true })).list.map((a) => a.id)).toEqual([alert.id]);

    // The explanation: only the organisation named, with its own uploads.
    expect((await call('builder', api.alertExplain, { id: alert.id, explanation: '说明' })).status).toBe(403);
    const theirs = await uploadFile(server, tokens.maker as string, '别人的.pdf', SMALL_PDF, 'application/pdf');
    expect(
      fieldsOf(
        await call('developer', api.alertExplain, {
          id: alert.id,
          explanation: '说明',
          attachmentIds: [theirs.body.data.id],
        }),
      ),
    ).toEqual({ 'attachmentIds.0': '附件不存在，请重新上传' });
    expect(
      Object.keys(fieldsOf(await callRaw('developer', api.alertExplain, { id: alert.id, explanation: ' ' }))),
    ).toEqual(['explanation']);
    const own = await uploadFile(server, tokens.developer as string, '物流证明.pdf', SMALL_PDF, 'application/pdf');
    const explained = ok(
      await call('developer', api.alertExplain, {
        id: alert.id,
        explanation: '物流延误，涂料已封存未使用，已要求供应商补充有效检测报告。',
        attachmentIds: [own.body.data.id],
      }),
    );
    expect(explained).toEqual({ id: alert.id, status: 'explained' });
    const detail = ok(await call('committee', api.alertDetail, { id: alert.id }));
    expect(detail).toMatchObject({
      explainedBy: '钱静',
      attachments: [{ uploadId: own.body.data.id, name: '物流证明.pdf' }],
    });
    const file = await download('committee', api.alertAttachment, { id: alert.id, uploadId: own.body.data.id });
    expect(file.status).toBe(200);
    expect(file.body.equals(SMALL_PDF)).toBe(true);
    expect(
      (await download('committee', api.alertAttachment, { id: alert.id, uploadId: theirs.body.data.id })).status,
    ).toBe(404);
    expect((await download('maker', api.alertAttachment, { id: alert.id, uploadId: own.body.data.id })).status).toBe(
      404,
    );

    // The committee's conclusion and closing, each with a reason.
    expect(Object.keys(fieldsOf(await callRaw('committee', api.alertConfirm, { id: alert.id })))).toEqual(['reason']);
    expect((await call('developer', api.alertConfirm, { id: alert.id, reason: '越权' })).status).toBe(403);
    expect((await call('committee', api.alertClose, { id: alert.id, reason: '过早' })).status).toBe(409);
    ok(await call('committee', api.alertConfirm, { id: alert.id, reason: '证书失效后到货属实，责令退场' }));
    expect((await call('committee', api.alertDismiss, { id: alert.id, reason: '改判' })).status).toBe(409);
    ok(await call('committee', api.alertClose, { id: alert.id, reason: '已退场处理' }));
    const closed = ok(await call('developer', api.alertDetail, { id: alert.id }));
    expect(closed).toMatchObject({
      status: 'closed',
      decisionReason: '证书失效后到货属实，责令退场',
      decidedBy: '孙明',
    });
    expect(closed.history.map((h) => h.action)).toEqual(['detect', 'acknowledge', 'explain', 'confirm', 'close']);
    const audit = await server.database.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'risk_alert'), eq(auditLog.entityId, String(alert.id))));
    expect(audit.map((a) => a.action)).toEqual(['acknowledge', 'explain', 'confirm', 'close']);
    // Closed alerts leave the default list, and come back with includeClosed.
    expect(ok(await call('committee', api.alertList, { take: 100 })).list.map((a) => a.id)).not.toContain(alert.id);
    expect(
      ok(await call('committee', api.alertList, { includeClosed: true, take: 100 })).list.map((a) => a.id),
    ).toContain(alert.id);
  });

  it('lets the committee dismiss straight from acknowledged', async () => {
    const alert = await alertOf('GBM-12', 'open');
    ok(await call('committee', api.alertAcknowledge, { id: alert.id }));
    expect(ok(await call('committee', api.alertDismiss, { id: alert.id, reason: '项目已停工，本季度无采购' }))).toEqual(
      {
        id: alert.id,
        status: 'dismissed',
      },
    );
    const [row] = await server.database.db.select().from(riskAlerts).where(eq(riskAlerts.id, alert.id));
    expect(row).toMatchObject({ status: 'dismissed', decisionReason: '项目已停工，本季度无采购' });
  });
});

describe('running the rules by hand', () => {
  it('runs the committee’s city, any city for the platform, and nobody else’s', async () => {
    const run = ok(await call('committee', api.riskRun, { cityCode: '330100' }));
    expect(run).toMatchObject({ scope: 'city:320100', opened: 0 });
    expect(run.stillOpen).toBeGreaterThanOrEqual(3);
    expect(ok(await call('platform', api.riskRun, { cityCode: '330100' }))).toMatchObject({ scope: 'city:330100' });
    expect(ok(await call('platform', api.riskRun, {}))).toMatchObject({ scope: 'all' });
    expect((await call('developer', api.riskRun, {})).status).toBe(403);
    expect(Object.keys(fieldsOf(await callRaw('platform', api.riskRun, { cityCode: '32' })))).toEqual(['cityCode']);
  });
});

describe('subscriptions', () => {
  it('follows a project, a supplier and a product of the city, and lists their alerts', async () => {
    const list = ok(
      await call('committee', api.subscriptionSave, { subjectKind: 'project', subjectId: ids.school }),
    ).list;
    expect(list).toEqual([
      expect.objectContaining({ subjectKind: 'project', label: '南京市鼓楼区天妃宫小学新建工程' }),
    ]);
    expect(list[0]?.openAlerts).toBeGreaterThan(0);
    ok(await call('committee', api.subscriptionSave, { subjectKind: 'project', subjectId: ids.school }));
    ok(await call('committee', api.subscriptionSave, { subjectKind: 'supplier', subjectId: ids.maker }));
    const after = ok(await call('committee', api.subscriptionSave, { subjectKind: 'product', subjectId: 1 })).list;
    expect(after.map((s) => s.subjectKind).sort()).toEqual(['product', 'project', 'supplier']);
    const followed = ok(await call('committee', api.alertList, { followed: true, take: 100 })).list;
    expect(followed.length).toBeGreaterThan(0);
    expect(followed.some((a) => a.projectId === ids.school)).toBe(true);
    const detail = ok(await call('committee', api.alertDetail, { id: (await alertOf('GBM-08')).id }));
    expect(detail.follows.find((f) => f.subjectKind === 'project')?.subscriptionId).not.toBeNull();
  });

  it('refuses what is not the city’s (404), a second organisation’s subscription (404) and non-committees (403)', async () => {
    const suzhou = (await userOf(server, '13800000008')).orgId as number;
    expect((await call('committee', api.subscriptionSave, { subjectKind: 'supplier', subjectId: suzhou })).status).toBe(
      404,
    );
    expect(
      (await call('hangzhou', api.subscriptionSave, { subjectKind: 'project', subjectId: ids.school })).status,
    ).toBe(404);
    expect((await call('committee', api.subscriptionSave, { subjectKind: 'product', subjectId: 999_999 })).status).toBe(
      404,
    );
    expect(
      (await call('developer', api.subscriptionSave, { subjectKind: 'project', subjectId: ids.school })).status,
    ).toBe(403);
    expect((await call('developer', api.subscriptionList)).status).toBe(403);
    const mine = ok(await call('committee', api.subscriptionList)).list;
    const first = mine[0];
    expect((await call('hangzhou', api.subscriptionDelete, { id: first?.id as number })).status).toBe(404);
    const left = ok(await call('committee', api.subscriptionDelete, { id: first?.id as number })).list;
    expect(left).toHaveLength(mine.length - 1);
    expect((await call('committee', api.subscriptionDelete, { id: first?.id as number })).status).toBe(404);
    expect(Object.keys(fieldsOf(await callRaw('committee', api.subscriptionSave, { subjectKind: 'city' })))).toEqual([
      'subjectKind',
      'subjectId',
    ]);
  });
});
