import { filingDueOn, nextPeriod, periodOfDay } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import { shanghaiDay } from '../../lib/shanghai-day.ts';
import { type Finding, numberParam, projectInScope, type RuleCheck, rowsOf } from './government.risk.finding.ts';

/**
 * The rules on a project as a whole (docs/government.md, "Risk rules"): its witnessed samples (GBM-08) and its
 * quarterly filings' deadlines (GBM-12). The organisation asked to explain is the project's developer.
 */

/**
 * GBM-08: witnessed samples under `minSharePct` % of the lots due for a witnessed retest, once at least
 * `minRequired` are due. Due and witnessed as the site's own witness ratio counts them (docs/construction.md, "The
 * witness ratio"): the rule required a retest, the lot is past its incoming inspection, and it was not turned away
 * without a sample; witnessed = at least one witnessed sample.
 */
export const witnessShareLow: RuleCheck = async (tx, scope, params) => {
  const minPct = numberParam(params, 'minSharePct', 30);
  const minRequired = numberParam(params, 'minRequired', 3);
  const rows = rowsOf<{
    projectId: number;
    name: string;
    cityCode: string;
    developerOrgId: number;
    due: number;
    witnessed: number;
    unwitnessed: { id: number; number: string; material: string }[] | null;
  }>(
    await tx.execute(sql`
      select p.id as "projectId", p.name, p.city_code as "cityCode", p.developer_org_id as "developerOrgId",
        count(*)::int as due, (count(*) filter (where d.sampled))::int as witnessed,
        json_agg(json_build_object('id', d.id, 'number', d.number, 'material', d.material_name) order by d.id)
          filter (where not d.sampled) as unwitnessed
      from (
        select i.id, i.number, i.project_id, i.material_name, i.state, i.retest_required,
          exists (select 1 from witness_samples s where s.inspection_id = i.id) as sampled
        from site_inspections i
      ) d
      join projects p on p.id = d.project_id
      where d.retest_required and d.state not in ('pending', 'submitted')
        and (d.sampled or d.state not in ('rejected', 'returned', 'destroyed'))
        and ${projectInScope(scope)}
      group by p.id, p.name, p.city_code, p.developer_org_id
      order by p.id`),
  );
  return rows.flatMap((r): Finding[] => {
    if (r.due < minRequired || r.witnessed * 100 >= minPct * r.due) return [];
    const pct = ((r.witnessed * 100) / r.due).toFixed(1);
    return [
      {
        fingerprint: `GBM-08:project:${r.projectId}`,
        cityCode: r.cityCode,
        projectId: r.projectId,
        subjectKind: 'project',
        subjectId: String(r.projectId),
        subjectLabel: r.name,
        orgId: r.developerOrgId,
        evidence: [
          {
            kind: 'project',
            id: String(r.projectId),
            label: r.name,
            detail: `需见证复试 ${r.due} 批，已见证 ${r.witnessed} 批`,
          },
          ...(r.unwitnessed ?? []).slice(0, 20).map((i) => ({
            kind: 'site_inspection' as const,
            id: String(i.id),
            label: `${i.number} ${i.material}`,
            detail: '需复试，尚无见证取样',
          })),
        ],
        summary: `${r.name} 需见证复试的 ${r.due} 批材料中，仅 ${r.witnessed} 批有见证取样（${pct}%），低于 ${minPct}%`,
      },
    ];
  });
};

/**
 * GBM-12: an in-scope project without a filing ever sent (a draft is not; one returned was) for a quarter whose
 * deadline (`filingDueOn`) has passed, from the quarter it was registered in, the last `lookbackQuarters` such
 * quarters. One finding per quarter.
 */
export const filingOverdue: RuleCheck = async (tx, scope, params) => {
  const lookback = Math.max(1, numberParam(params, 'lookbackQuarters', 4));
  const projects = rowsOf<{
    id: number;
    name: string;
    cityCode: string;
    developerOrgId: number;
    registeredOn: string;
    sent: string[] | null;
  }>(
    await tx.execute(sql`
      select p.id, p.name, p.city_code as "cityCode", p.developer_org_id as "developerOrgId",
        ${shanghaiDay(sql`p.created_at`)}::text as "registeredOn",
        (select array_agg(distinct f.period) from procurement_filings f
          where f.project_id = p.id and f.first_submitted_at is not null) as sent
      from projects p
      where p.in_policy_scope and ${projectInScope(scope)}
      order by p.id`),
  );
  const current = periodOfDay(scope.today);
  return projects.flatMap((p) => {
    const overdue: string[] = [];
    for (let q = periodOfDay(p.registeredOn); q < current; q = nextPeriod(q)) {
      if (filingDueOn(q) < scope.today && !(p.sent ?? []).includes(q)) overdue.push(q);
    }
    return overdue.slice(-lookback).map(
      (period): Finding => ({
        fingerprint: `GBM-12:project:${p.id}:${period}`,
        cityCode: p.cityCode,
        projectId: p.id,
        subjectKind: 'project',
        subjectId: String(p.id),
        subjectLabel: `${p.name} ${period}`,
        orgId: p.developerOrgId,
        evidence: [
          { kind: 'project', id: String(p.id), label: p.name, detail: `${period} 截止日 ${filingDueOn(period)}` },
        ],
        summary: `${p.name} ${period} 的绿色建材采购信息截止日 ${filingDueOn(period)} 已过，仍未报送`,
      }),
    );
  });
};
