import {
  type FilerProjectView,
  type FilingActionValue,
  type FilingListData,
  type FilingRole,
  type FilingStatusValue,
  filingDueOn,
  type filingListQuery,
  type filingSaveBody,
  OrgType,
  type ProcurementMethodValue,
  periodOfDay,
  periodRange,
  previousPeriod,
  reportingPeriod,
} from '@jcbb/contract';
import { daysBetween, shanghaiDate, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { committeeCity } from '../listing/index.ts';
import { PROJECT_NOT_FOUND, roleOn, visibleFiling } from './government.filing.access.ts';
import { refusalFields } from './government.filing.checks.ts';
import { saveLines } from './government.filing.lines.ts';
import { tellCommittee, tellOrgs } from './government.filing.messages.ts';
import { prefillLines } from './government.filing.prefill.ts';
import * as repo from './government.filing.repository.ts';
import { filingTransition } from './government.filing.transitions.ts';
import { checksOf, detailView, isLate } from './government.filing.views.ts';
import { runRulesForProject } from './government.risk.engine.ts';
import { refreshFilingFacts } from './government.statistics.facts.ts';

/**
 * The quarterly procurement filing (docs/government.md, "Filing"): a filer opens the quarter's draft prefilled from
 * the platform's records, saves its grid, submits it (refused while a check fails); the city's committee returns it
 * with a reason or confirms it, and closes the quarter, locking its confirmed filings; a filer corrects a locked one
 * as a new version. Each change is one transaction with its audit row, its messages, the statistics' facts and the
 * risk rules of the project.
 */

type ListQuery = z.output<typeof filingListQuery>;
type SaveBody = z.output<typeof filingSaveBody>;
/** The demo seed tells its story with the dates it states: the moment of a change, and "today". */
export interface When {
  at?: Date;
}

/** Quarters a filer's list shows: this one and the three before it (a year, none before the project), newest first. */
const RECENT_QUARTERS = 4;

const REFUSED: Record<FilingActionValue, string> = {
  save: '只有草稿或已退回的填报可以修改',
  prefill: '只有草稿或已退回的填报可以重新带入平台数据',
  submit: '只有草稿或已退回的填报可以报送',
  return: '只有已报送的填报可以退回',
  confirm: '只有已报送的填报可以确认',
  close: '只有已确认的填报可以锁定',
  correct: '只有已锁定的填报可以更正',
};

/** Where an action leads, or 403 (a reader, or not this side's) / 409 (not from this state, or superseded). */
function step(role: FilingRole, action: FilingActionValue, f: repo.FilingRowDb): FilingStatusValue {
  if (role === 'reader') throw forbidden('监理单位只能查看填报');
  if (f.supersededAt) throw conflict('这份填报已被更正版本取代');
  const t = filingTransition(role, action, f.status as FilingStatusValue);
  if (t.ok) return t.to;
  if (t.refusal === 'actor') throw forbidden(role === 'filer' ? '只有住建委可以办理' : '只有填报单位可以办理');
  throw conflict(REFUSED[action]);
}

/** What every change to a filing does besides itself: the statistics' facts and the project's risk rules. */
async function afterChange(tx: Tx, f: Pick<repo.FilingRowDb, 'id' | 'projectId'>) {
  await refreshFilingFacts(tx, f.id);
  await runRulesForProject(tx, f.projectId, 'filing');
}

const audit = (
  tx: Tx,
  user: SessionUser,
  f: repo.FilingRowDb,
  action: FilingActionValue | 'open',
  to: string,
  extra: { reason?: string | null; data?: Record<string, unknown> } = {},
) =>
  recordAudit(tx, {
    entity: 'procurement_filing',
    entityId: f.id,
    action,
    fromState: action === 'open' ? null : f.status,
    toState: to,
    actor: user,
    orgId: f.filerOrgId,
    reason: extra.reason ?? null,
    data: extra.data ?? null,
  });

const projectLabel = (p: repo.ProjectRowDb, period: string) => `${p.name}（${period}）`;

export function createFilingService({ db }: { db: Db }) {
  /** The filer's projects with their recent quarters (a supervision unit's read only). */
  async function filerList(tx: Tx, user: SessionUser, q: ListQuery): Promise<FilingListData> {
    const orgId = callerOrgId(user);
    const today = shanghaiToday();
    const current = periodOfDay(today);
    const memberships = (await repo.memberProjects(tx, orgId)).filter(
      (p) => p.orgType === user.orgType && p.orgType !== OrgType.DESIGN_INSTITUTE,
    );
    const role: FilingRole = user.orgType === OrgType.SUPERVISION ? 'reader' : 'filer';
    const filings = await repo.filingsOfProjects(
      tx,
      memberships.map((p) => p.id),
    );
    const regions = await repo.regionNames(
      tx,
      memberships.map((p) => p.regionCode),
    );
    const projects: FilerProjectView[] = memberships.map((p) => {
      const mine = filings.filter((f) => f.projectId === p.id);
      // This quarter and the three before it, from the quarter the project was registered in; and any filed.
      const periods = new Set<string>();
      const registered = periodOfDay(p.createdOn);
      let period = current;
      for (let i = 0; i < RECENT_QUARTERS && period >= registered; i += 1) {
        periods.add(period);
        period = previousPeriod(period);
      }
      for (const f of mine) periods.add(f.period);
      const shown = [...periods]
        .filter((x) => !q.period || x === q.period)
        .sort()
        .reverse();
      return {
        projectId: p.id,
        projectName: p.name,
        projectCode: p.code,
        regionCode: p.regionCode,
        regionName: regions.get(p.regionCode) ?? p.regionCode,
        quarters: shown.map((x) => {
          const f = mine.find((m) => m.period === x);
          const dueOn = f?.dueOn ?? filingDueOn(x);
          return {
            period: x,
            dueOn,
            daysLeft: daysBetween(today, dueOn),
            late: isLate(dueOn, f?.firstSubmittedOn ?? null, today),
            filing: f ? { id: f.id, status: f.status as FilingStatusValue, version: f.version } : null,
            canOpen: role === 'filer' && !f,
          };
        }),
      };
    });
    return {
      role,
      projects,
      list: [],
      total: 0,
      overdue: [],
      period: null,
      periodClosed: false,
      closable: 0,
      districts: [],
    };
  }

  /** The committee's city's filings of a quarter, and its projects with nothing submitted after the deadline. */
  async function committeeList(tx: Tx, cityCode: string, q: ListQuery): Promise<FilingListData> {
    const today = shanghaiToday();
    const period = q.period ?? reportingPeriod(today);
    const dueOn = filingDueOn(period);
    const { rows, total } = await repo.committeeFilings(tx, { ...q, cityCode, period, today });
    const overdue = today > dueOn ? await repo.overdueProjects(tx, cityCode, period) : [];
    return {
      role: 'committee',
      projects: [],
      list: rows.map((r) => ({
        id: r.id,
        projectId: r.project_id,
        projectName: r.project_name,
        regionCode: r.region_code,
        regionName: r.region_name,
        filerName: r.filer_name,
        period: r.period,
        version: r.version,
        status: r.status as FilingStatusValue,
        dueOn: r.due_on,
        late: r.late,
        submittedAt: r.submitted_at ? `${shanghaiDate(new Date(r.submitted_at))}` : null,
        lineCount: r.line_count,
        amountFen: Number(r.amount_fen),
        greenAmountFen: Number(r.green_amount_fen),
      })),
      total,
      overdue: overdue
        .filter((o) => !q.regionCode || o.region_code === q.regionCode)
        .map((o) => ({
          projectId: o.project_id,
          projectName: o.project_name,
          regionCode: o.region_code,
          regionName: o.region_name,
          developerName: o.developer_name,
          period,
          dueOn,
          daysOverdue: daysBetween(dueOn, today),
          filingId: o.filing_id,
        })),
      period,
      periodClosed: await repo.periodClosed(tx, cityCode, period),
      closable: await repo.countConfirmed(tx, cityCode, period),
      districts: [...(await repo.regionNames(tx, await repo.cityDistricts(tx, cityCode)))].map(([code, name]) => ({
        code,
        name,
      })),
    };
  }

  /** The filing locked for a change, its project, the caller's role and where the action leads. */
  async function changing(tx: Tx, user: SessionUser, id: number, action: FilingActionValue) {
    const { f, project, role } = await visibleFiling(tx, user, id, true);
    const to = step(role, action, f);
    return { f, project, role, to };
  }

  return {
    list: (user: SessionUser, q: ListQuery) =>
      db.transaction(async (tx) => {
        if (user.orgType === OrgType.GOVERNMENT) {
          const city = await committeeCity(tx, user);
          if (!city) throw forbidden('只有住建委可以查看本市的填报');
          return committeeList(tx, city, q);
        }
        return filerList(tx, user, q);
      }),

    detail: (user: SessionUser, id: number) =>
      db.transaction(async (tx) => {
        const { f, project, role } = await visibleFiling(tx, user, id);
        return detailView(tx, f, project, role, shanghaiToday());
      }),

    /** The quarter's filing in force, or a new draft prefilled from the platform's records. */
    open: (user: SessionUser, body: { projectId: number; period: string }, when: When = {}) =>
      db.transaction(async (tx) => {
        // Locked: a second open of the quarter waits, then finds the first one's draft (never a unique-index 500).
        const project = await repo.projectById(tx, body.projectId, true);
        const role = project ? await roleOn(tx, user, project) : null;
        if (!project || !role || role === 'committee') throw notFound(PROJECT_NOT_FOUND);
        if (role === 'reader') throw forbidden('监理单位只能查看填报');
        const existing = await repo.inForceFiling(tx, project.id, body.period);
        if (existing) return { id: existing.id };
        if (!project.inPolicyScope) {
          throw invalidInput([{ field: 'projectId', message: '该项目不在政府采购绿色建材政策范围内，无需填报' }]);
        }
        const range = periodRange(body.period);
        const today = shanghaiToday(when.at);
        if (range.from > today) throw invalidInput([{ field: 'period', message: `${body.period} 尚未开始，不能填报` }]);
        const f = await repo.insertFiling(tx, {
          projectId: project.id,
          developerOrgId: project.developerOrgId,
          cityCode: project.cityCode,
          filerOrgId: callerOrgId(user),
          period: body.period,
          dueOn: filingDueOn(body.period),
          createdBy: user.userId,
          ...(when.at ? { createdAt: when.at, updatedAt: when.at } : {}),
        });
        const lines = await prefillLines(tx, f, project, range, 0);
        await repo.insertLines(tx, lines);
        await audit(tx, user, f, 'open', 'draft', { data: { prefilled: lines.length } });
        await afterChange(tx, f);
        return { id: f.id };
      }),

    save: (user: SessionUser, body: SaveBody) =>
      db.transaction(async (tx) => {
        const { f, project } = await changing(tx, user, body.id, 'save');
        const method = (body.defaultMethod ?? f.defaultMethod) as ProcurementMethodValue;
        const outcome = await saveLines(tx, f, project, body, method);
        await repo.updateFiling(tx, f.id, {
          defaultMethod: method,
          ...(body.contractNo === undefined ? {} : { contractNo: body.contractNo }),
          ...(body.completedValueFen === undefined ? {} : { completedValueFen: body.completedValueFen }),
          ...(body.progressPaidFen === undefined ? {} : { progressPaidFen: body.progressPaidFen }),
          ...(body.remarks === undefined ? {} : { remarks: body.remarks }),
        });
        await audit(tx, user, f, 'save', f.status, { data: { ...outcome } });
        await afterChange(tx, f);
        return { id: f.id };
      }),

    /** System lines for the platform's records of the quarter not yet in the filing. */
    prefill: (user: SessionUser, id: number) =>
      db.transaction(async (tx) => {
        const { f, project } = await changing(tx, user, id, 'prefill');
        const last = Math.max(0, ...(await repo.filingLines(tx, f.id)).map((l) => l.lineNo));
        const lines = await prefillLines(tx, f, project, periodRange(f.period), last);
        await repo.insertLines(tx, lines);
        await audit(tx, user, f, 'prefill', f.status, { data: { added: lines.length } });
        await afterChange(tx, f);
        return { id: f.id };
      }),

    submit: (user: SessionUser, id: number, when: When = {}) =>
      db.transaction(async (tx) => {
        const { f, project, to } = await changing(tx, user, id, 'submit');
        const lines = await repo.filingLines(tx, f.id);
        const edition = project.inPolicyScope ? project.standardEdition : null;
        const refusals = refusalFields(await checksOf(tx, f, lines, edition), lines);
        if (refusals.length > 0) throw invalidInput(refusals, '填报还有未通过的检查，请修改后再报送');
        const at = when.at ?? new Date();
        await repo.updateFiling(tx, f.id, {
          status: to,
          firstSubmittedAt: f.firstSubmittedAt ?? at,
          submittedAt: at,
          submittedBy: user.userId,
        });
        await audit(tx, user, f, 'submit', to);
        const late = isLate(f.dueOn, shanghaiDate(f.firstSubmittedAt ?? at), shanghaiToday(at));
        await tellCommittee(tx, f, {
          title: `${to === 'resubmitted' ? '采购信息重新报送' : '新的采购信息填报'}：${projectLabel(project, f.period)}`,
          content: `${project.name} ${f.period} 的政府采购绿色建材填报已报送（${lines.length} 行${late ? '，逾期报送' : ''}），请审核。`,
        });
        await afterChange(tx, f);
        return { id: f.id };
      }),

    returnFiling: (user: SessionUser, id: number, reason: string) =>
      db.transaction(async (tx) => {
        const { f, project, to } = await changing(tx, user, id, 'return');
        await repo.updateFiling(tx, f.id, { status: to, returnReason: reason });
        await audit(tx, user, f, 'return', to, { reason });
        await tellOrgs(
          tx,
          [f.filerOrgId],
          {
            title: `采购信息填报被退回：${projectLabel(project, f.period)}`,
            content: `住建委退回了 ${project.name} ${f.period} 的填报，原因：${reason}。请修改后重新报送。`,
          },
          f.id,
        );
        await afterChange(tx, f);
        return { id: f.id };
      }),

    confirm: (user: SessionUser, id: number, when: When = {}) =>
      db.transaction(async (tx) => {
        const { f, project, to } = await changing(tx, user, id, 'confirm');
        await repo.updateFiling(tx, f.id, { status: to, confirmedAt: when.at ?? new Date(), confirmedBy: user.userId });
        await audit(tx, user, f, 'confirm', to);
        await tellOrgs(
          tx,
          [f.filerOrgId],
          {
            title: `采购信息填报已确认：${projectLabel(project, f.period)}`,
            content: `住建委确认了 ${project.name} ${f.period} 的政府采购绿色建材填报。`,
          },
          f.id,
        );
        await afterChange(tx, f);
        return { id: f.id };
      }),

    /** The committee closes a quarter of its city: every confirmed filing of it is locked. */
    closePeriod: (user: SessionUser, period: string, when: When = {}) =>
      db.transaction(async (tx) => {
        const cityCode = await committeeCity(tx, user);
        if (!cityCode) throw forbidden('只有住建委可以关闭季度');
        const at = when.at ?? new Date();
        if (periodRange(period).to >= shanghaiToday(at)) {
          throw invalidInput([{ field: 'period', message: `${period} 尚未结束，不能关闭` }]);
        }
        const filings = await repo.confirmedFilings(tx, cityCode, period);
        for (const f of filings) {
          const project = (await repo.projectById(tx, f.projectId)) as repo.ProjectRowDb;
          const to = step('committee', 'close', f);
          await repo.updateFiling(tx, f.id, { status: to, lockedAt: at });
          await audit(tx, user, f, 'close', to);
          await tellOrgs(
            tx,
            await repo.filerOrgIds(tx, f.projectId, f.developerOrgId),
            {
              title: `采购信息填报已锁定：${projectLabel(project, period)}`,
              content: `住建委已关闭 ${period} 季度，${project.name} 的填报已锁定；如需修改请提交更正。`,
            },
            f.id,
          );
          await afterChange(tx, f);
        }
        await repo.closePeriod(tx, cityCode, period, user.userId);
        return { period, locked: filings.length };
      }),

    /** A correction of a locked filing: a new version (draft) with its lines; this one superseded. */
    correct: (user: SessionUser, id: number, reason: string) =>
      db.transaction(async (tx) => {
        const { f, project, to } = await changing(tx, user, id, 'correct');
        const now = new Date();
        await repo.updateFiling(tx, f.id, { supersededAt: now });
        const { id: _id, createdAt: _c, updatedAt: _u, ...copied } = f;
        const next = await repo.insertFiling(tx, {
          ...copied,
          version: f.version + 1,
          correctsId: f.id,
          correctionReason: reason,
          status: to,
          returnReason: null,
          submittedAt: null,
          submittedBy: null,
          confirmedAt: null,
          confirmedBy: null,
          lockedAt: null,
          supersededAt: null,
          filerOrgId: callerOrgId(user),
          createdBy: user.userId,
        });
        const lines = await repo.filingLines(tx, f.id);
        await repo.insertLines(
          tx,
          lines.map(({ id: _l, filingId: _f, ...l }) => ({ ...l, filingId: next.id })),
        );
        await audit(tx, user, f, 'correct', 'superseded', { reason, data: { correctionId: next.id } });
        await audit(tx, user, next, 'open', to, { reason, data: { corrects: f.id, version: next.version } });
        await tellCommittee(tx, f, {
          title: `采购信息填报更正：${projectLabel(project, f.period)}`,
          content: `${project.name} ${f.period} 的已锁定填报开始更正（第 ${next.version} 版），原因：${reason}。`,
        });
        await afterChange(tx, f);
        await afterChange(tx, next);
        return { id: next.id };
      }),
  };
}
