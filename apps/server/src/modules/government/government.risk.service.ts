import {
  type AlertActionValue,
  type AlertDetail,
  type AlertSide,
  type AlertStatusValue,
  alertActionLabels,
  type alertExplainBody,
  type alertListQuery,
  OrgType,
  periodRange,
  type RiskRunData,
  Role,
  type SubscriptionKindValue,
  type SubscriptionView,
  type subscriptionSaveBody,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { auditRows, recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads, storedUpload, uploadNames } from '../file/index.ts';
import { committeeCity } from '../listing/index.ts';
import { maySupplyCity } from '../project/index.ts';
import { runRules } from './government.risk.engine.ts';
import { cityOf } from './government.risk.finding.ts';
import { tellCommittee, tellOrganisation } from './government.risk.messages.ts';
import * as repo from './government.risk.repository.ts';
import { alertTransition } from './government.risk.transitions.ts';
import { alertDetailView, alertRowView, ruleView } from './government.risk.views.ts';

/**
 * Risk rules, alerts and subscriptions (docs/government.md, "Risk rules"). Who sees an alert: the committee of its
 * city, the platform operator (every city), the organisation it names (asked to explain) and the organisations on
 * its project; anyone else gets 404. Who acts: the committee (acknowledge, dismiss, confirm, close, with a reason)
 * and the organisation it names (explain, once acknowledged). Every step is one transaction with an audit row and a
 * message to the other side.
 */

type ListQuery = z.output<typeof alertListQuery>;
type ExplainBody = z.output<typeof alertExplainBody>;
type SubscriptionBody = z.output<typeof subscriptionSaveBody>;

export const ALERT_NOT_FOUND = '预警不存在';
const SUPPLIER_TYPES: readonly number[] = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR];

const isPlatform = (user: SessionUser) => user.roles.includes(Role.SUPER_ADMIN);

/** Whose alerts the caller reads, and the committee's city when it is one. */
async function viewerOf(tx: Tx, user: SessionUser): Promise<{ viewer: repo.Viewer | null; city: string | null }> {
  if (isPlatform(user)) return { viewer: { all: true }, city: null };
  const city = await committeeCity(tx, user);
  if (city !== null) return { viewer: { cityCode: city }, city };
  return { viewer: user.orgId === null ? null : { orgId: user.orgId }, city: null };
}

/** The caller's side of an alert, or 404 when it may not see it. */
async function sideOf(tx: Tx, user: SessionUser, row: repo.ListedAlert | undefined): Promise<AlertSide> {
  if (!row) throw notFound(ALERT_NOT_FOUND);
  const a = row.alert;
  const city = await committeeCity(tx, user);
  if (city !== null) {
    if (city === a.cityCode) return 'committee';
    throw notFound(ALERT_NOT_FOUND);
  }
  if (user.orgId !== null && a.orgId === user.orgId) return 'organisation';
  if (isPlatform(user)) return 'reader';
  if (user.orgId !== null && (await repo.onJoinedProject(tx, user.orgId, a.projectId))) return 'reader';
  throw notFound(ALERT_NOT_FOUND);
}

const REFUSED: Record<AlertActionValue, string> = {
  acknowledge: '只有待处理的预警可以受理',
  explain: '住建委受理后、作出结论前才可以提交说明',
  dismiss: '只有已受理或已说明的预警可以排除',
  confirm: '只有已受理或已说明的预警可以确认为问题',
  close: '只有已排除或已确认的预警可以关闭',
};

function step(side: AlertSide, action: AlertActionValue, from: AlertStatusValue): AlertStatusValue {
  const t = alertTransition(side, action, from);
  if (t.ok) return t.to;
  if (t.refusal === 'actor') {
    throw forbidden(action === 'explain' ? '只有被要求说明的单位可以提交说明' : '只有预警所在城市的住建委可以操作');
  }
  throw conflict(REFUSED[action]);
}

/** The explanation's attachments: the upload ids of the latest explain step's audit row. */
function attachmentIdsOf(audit: Awaited<ReturnType<typeof auditRows>>): number[] {
  const explained = audit.filter((r) => r.log.action === 'explain').at(-1);
  const ids = (explained?.log.detail as { attachmentIds?: unknown } | null)?.attachmentIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

/** What a committee member may follow of an alert, with its subscription when it has one. */
async function followsOf(tx: Tx, user: SessionUser, row: repo.ListedAlert): Promise<AlertDetail['follows']> {
  const a = row.alert;
  const subjects: { subjectKind: SubscriptionKindValue; subjectId: number; label: string }[] = [];
  if (a.projectId !== null)
    subjects.push({ subjectKind: 'project', subjectId: a.projectId, label: row.projectName ?? '' });
  const org = a.orgId === null ? undefined : await repo.orgTypeOf(tx, a.orgId);
  if (a.orgId !== null && org && SUPPLIER_TYPES.includes(org.type)) {
    subjects.push({ subjectKind: 'supplier', subjectId: a.orgId, label: org.name });
  }
  for (const e of a.evidence) {
    if (!/^[0-9]{1,9}$/.test(e.id)) continue;
    const id = Number(e.id);
    if (e.kind === 'organization' && !subjects.some((s) => s.subjectKind === 'supplier' && s.subjectId === id)) {
      subjects.push({ subjectKind: 'supplier', subjectId: id, label: e.label });
    }
    if (e.kind === 'product' && !subjects.some((s) => s.subjectKind === 'product' && s.subjectId === id)) {
      const product = await repo.productOf(tx, id);
      if (product) subjects.push({ subjectKind: 'product', subjectId: id, label: product.name });
    }
  }
  const mine = await repo.subscriptionsOf(tx, user.userId);
  return subjects.slice(0, 8).map((s) => ({
    ...s,
    subscriptionId:
      mine.find((m) => m.sub.subjectKind === s.subjectKind && m.sub.subjectId === s.subjectId)?.sub.id ?? null,
  }));
}

export function createRiskService({ db }: { db: Db }) {
  async function subscriptionList(tx: Tx, user: SessionUser, city: string): Promise<{ list: SubscriptionView[] }> {
    const rows = await repo.subscriptionsOf(tx, user.userId);
    const list: SubscriptionView[] = [];
    for (const r of rows) {
      const kind = r.sub.subjectKind as SubscriptionKindValue;
      list.push({
        id: r.sub.id,
        subjectKind: kind,
        subjectId: r.sub.subjectId,
        label: (kind === 'project' ? r.projectName : kind === 'supplier' ? r.orgName : r.productName) ?? '',
        openAlerts: await repo.openAlertsOn(tx, city, kind, r.sub.subjectId),
        createdAt: formatShanghaiTime(r.sub.createdAt),
      });
    }
    return { list };
  }

  /** The committee's city, or 403 (subscriptions are a committee member's). */
  async function committeeOf(tx: Tx, user: SessionUser): Promise<string> {
    const city = await committeeCity(tx, user);
    if (city === null) throw forbidden('只有住建委可以关注项目、供应商和产品');
    return city;
  }

  /** May a committee follow the subject: a project of its city, a supplier or product that is in it or supplies it. */
  async function checkSubject(tx: Tx, city: string, body: SubscriptionBody): Promise<void> {
    if (body.subjectKind === 'project') {
      const p = await repo.projectCity(tx, body.subjectId);
      if (p?.cityCode !== city) throw notFound('项目不存在');
      return;
    }
    if (body.subjectKind === 'supplier') {
      const org = await repo.orgTypeOf(tx, body.subjectId);
      const region = org && SUPPLIER_TYPES.includes(org.type) ? await repo.orgRegion(tx, body.subjectId) : null;
      const here = region ? cityOf(region) === city : false;
      if (!org || !SUPPLIER_TYPES.includes(org.type) || !(here || (await maySupplyCity(tx, body.subjectId, city)))) {
        throw notFound('供应商不存在');
      }
      return;
    }
    const product = await repo.productOf(tx, body.subjectId);
    const region = product ? await repo.orgRegion(tx, product.orgId) : null;
    const here = region ? cityOf(region) === city : false;
    if (!product || !(here || (await repo.productInCity(tx, product.id, city)))) throw notFound('产品不存在');
  }

  /** One step of an alert's workflow: checked, written, audited and told, in one transaction. */
  async function move(
    user: SessionUser,
    id: number,
    action: AlertActionValue,
    reason: string | null,
    write: (tx: Tx, row: repo.ListedAlert) => Promise<Record<string, unknown> | undefined>,
  ) {
    return db.transaction(async (tx) => {
      const row = await repo.findAlert(tx, id, true);
      const side = await sideOf(tx, user, row);
      const a = (row as repo.ListedAlert).alert;
      const to = step(side, action, a.status as AlertStatusValue);
      const data = await write(tx, row as repo.ListedAlert);
      await repo.updateAlert(tx, a.id, { status: to });
      await recordAudit(tx, {
        entity: 'risk_alert',
        entityId: a.id,
        action,
        fromState: a.status,
        toState: to,
        actor: user,
        reason,
        data: data ?? null,
      });
      const rule = (row as repo.ListedAlert).ruleName ?? a.ruleCode;
      const because = reason ? `原因：${reason}` : '';
      if (action === 'explain') {
        await tellCommittee(
          tx,
          row as repo.ListedAlert,
          `${(row as repo.ListedAlert).orgName ?? '被预警单位'}已提交情况说明：${rule}`,
          `${a.subjectLabel}：${(reason ?? '').slice(0, 300)}`,
        );
      } else {
        const next: Record<string, string> = {
          acknowledge: `住建委已受理预警，请提交情况说明：${rule}`,
          dismiss: `预警已排除：${rule}`,
          confirm: `预警已确认为问题：${rule}`,
          close: `预警已关闭：${rule}`,
        };
        await tellOrganisation(
          tx,
          row as repo.ListedAlert,
          next[action] ?? `${alertActionLabels[action].zh}：${rule}`,
          `${a.summary}。${because}`,
        );
      }
      return { id: a.id, status: to };
    });
  }

  return {
    async rules() {
      return { list: (await repo.allRules(db)).map(ruleView) };
    },

    async list(user: SessionUser, q: ListQuery) {
      return db.transaction(async (tx) => {
        const { viewer } = await viewerOf(tx, user);
        const empty = { list: [], total: 0, openBySeverity: { high: 0, medium: 0, low: 0 } };
        if (!viewer) return empty;
        if (q.awaitingMe && user.orgId === null) return empty;
        const range = q.period ? periodRange(q.period) : null;
        const { rows, total, bySeverity } = await repo.listAlerts(
          tx,
          viewer,
          {
            status: q.status,
            severity: q.severity,
            ruleCode: q.ruleCode,
            projectId: q.projectId,
            from: range?.from,
            to: range?.to,
            awaitingOrgId: q.awaitingMe ? (user.orgId ?? undefined) : undefined,
            followedBy: q.followed ? user.userId : undefined,
            includeClosed: q.includeClosed,
          },
          q.take,
          q.skip,
        );
        const count = (s: string) => bySeverity.find((b) => b.severity === s)?.n ?? 0;
        return {
          list: rows.map((r) => alertRowView(r, user.orgId)),
          total,
          openBySeverity: { high: count('high'), medium: count('medium'), low: count('low') },
        };
      });
    },

    async detail(user: SessionUser, id: number): Promise<AlertDetail> {
      return db.transaction(async (tx) => {
        const row = await repo.findAlert(tx, id);
        const side = await sideOf(tx, user, row);
        const r = row as repo.ListedAlert;
        const rule = await repo.ruleVersion(tx, r.alert.ruleCode, r.alert.ruleVersion);
        if (!rule) throw notFound(ALERT_NOT_FOUND);
        const audit = await auditRows(tx, { entity: 'risk_alert', entityId: r.alert.id });
        const attachmentIds = attachmentIdsOf(audit);
        const files = await uploadNames(tx, attachmentIds);
        return alertDetailView({
          row: r,
          rule: ruleView(rule),
          side,
          callerOrgId: user.orgId,
          audit,
          names: await repo.userNames(tx, [r.alert.explainedBy, r.alert.decidedBy]),
          attachments: attachmentIds.flatMap((uploadId) =>
            files.has(uploadId) ? [{ uploadId, name: files.get(uploadId) as string }] : [],
          ),
          follows: side === 'committee' ? await followsOf(tx, user, r) : [],
        });
      });
    },

    /** One of the explanation's files, to whoever may read the alert. */
    async attachment(user: SessionUser, id: number, uploadId: number) {
      return db.transaction(async (tx) => {
        const row = await repo.findAlert(tx, id);
        await sideOf(tx, user, row);
        const audit = await auditRows(tx, { entity: 'risk_alert', entityId: id, actions: ['explain'] });
        if (!attachmentIdsOf(audit).includes(uploadId)) throw notFound('附件不存在');
        const file = await storedUpload(tx, uploadId);
        if (!file) throw notFound('附件不存在');
        return file;
      });
    },

    acknowledge: (user: SessionUser, id: number, remark: string | undefined) =>
      move(user, id, 'acknowledge', remark ?? null, async () => undefined),

    explain: (user: SessionUser, body: ExplainBody) =>
      move(user, body.id, 'explain', body.explanation, async (tx) => {
        const owned = await ownedUploads(tx, body.attachmentIds, user.orgId);
        const missing = body.attachmentIds.findIndex((uploadId) => !owned.has(uploadId));
        if (missing >= 0) {
          throw invalidInput([{ field: `attachmentIds.${missing}`, message: '附件不存在，请重新上传' }]);
        }
        await repo.updateAlert(tx, body.id, {
          explanation: body.explanation,
          explainedBy: user.userId,
          explainedAt: sql`now()`,
        });
        return body.attachmentIds.length > 0 ? { attachmentIds: body.attachmentIds } : undefined;
      }),

    dismiss: (user: SessionUser, id: number, reason: string) => decide(user, id, 'dismiss', reason),
    confirm: (user: SessionUser, id: number, reason: string) => decide(user, id, 'confirm', reason),
    close: (user: SessionUser, id: number, reason: string) => move(user, id, 'close', reason, async () => undefined),

    /** Run the rules now: a committee over its city, the platform over a city or every city. */
    async run(user: SessionUser, cityCode: string | undefined): Promise<RiskRunData> {
      return db.transaction(async (tx) => {
        const city = isPlatform(user) ? cityCode : await committeeCity(tx, user);
        if (!isPlatform(user) && city === null) throw forbidden('只有住建委或平台可以运行预警规则');
        return runRules(tx, { cityCode: city ?? undefined }, 'manual');
      });
    },

    async subscriptions(user: SessionUser) {
      return db.transaction(async (tx) => subscriptionList(tx, user, await committeeOf(tx, user)));
    },

    async subscribe(user: SessionUser, body: SubscriptionBody) {
      return db.transaction(async (tx) => {
        const city = await committeeOf(tx, user);
        await checkSubject(tx, city, body);
        await repo.insertSubscription(tx, {
          orgId: user.orgId as number,
          userId: user.userId,
          subjectKind: body.subjectKind,
          subjectId: body.subjectId,
        });
        return subscriptionList(tx, user, city);
      });
    },

    async unsubscribe(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const city = await committeeOf(tx, user);
        if (!(await repo.deleteSubscription(tx, id, user.userId))) throw notFound('关注不存在');
        return subscriptionList(tx, user, city);
      });
    },
  };

  /** The committee's conclusion (dismissed: not a problem; confirmed: a problem), with its reason. */
  function decide(user: SessionUser, id: number, action: 'dismiss' | 'confirm', reason: string) {
    return move(user, id, action, reason, async (tx) => {
      await repo.updateAlert(tx, id, { decisionReason: reason, decidedBy: user.userId, decidedAt: sql`now()` });
      return undefined;
    });
  }
}
