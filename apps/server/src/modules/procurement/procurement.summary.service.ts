import {
  type ComplianceRule,
  complianceOf,
  type GreenEvidence,
  greenOn,
  type MaterialsSummaryData,
  type MaterialsSummaryDetailData,
  type materialsSummaryBody,
  type materialsSummaryDetailBody,
  OUTSIDE_CATEGORY_KEY,
  type StandardKindValue,
  SUMMARY_FAILURES_MAX,
  type SummaryCategoryView,
  type SummaryCellView,
  type SummaryFailureView,
  type SummaryLineView,
  type SummaryProjectView,
  standardKindLabels,
} from '@jcbb/contract';
import { plainQuantity, toMilli } from '@jcbb/contract/quantity';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { requireBuyerProject } from './procurement.access.ts';
import { evidenceOfProducts, greenThrough } from './procurement.evidence.ts';
import { complianceLine, type ProjectPolicy, placeLine, policyOf } from './procurement.policy.ts';
import * as repo from './procurement.summary.repository.ts';

/**
 * The summaries (docs/procurement.md, "Summaries"): per project and category, budget, ordered, delivered and green,
 * and the policy's two rules run by the contract's `complianceOf` over each project's lines (`complianceLine`). A
 * line's green: by what arrived when something did (every accepted quantity green on its arrival day, from the
 * shipment line's evidence snapshot), else as planned (the chosen product's evidence on the required-by date).
 * Figures are aggregated in SQL (procurement.summary.repository.ts); this file only places and judges lines.
 */

type SummaryBody = z.output<typeof materialsSummaryBody>;
type DetailBody = z.output<typeof materialsSummaryDetailBody>;

/** A rule that requires nothing (a project outside the policy: every line is outside the standard anyway). */
const NO_RULE: ComplianceRule = { mandatoryGreenPct: 100, optionalCoverageMinPct: null, testReportMaxAgeDays: null };

function nextMonthFirst(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * A shipment line's snapshot as the rule reads it. The snapshot was taken on the ship date and says the evidence
 * was valid then: a certificate carries its last day; a test report carries no date, so its age counts from the
 * ship date (docs/procurement.md, "Summaries": a known approximation).
 */
function snapshotEvidence(e: repo.ArrivalEvidence): GreenEvidence {
  if (!e.valid) return { kind: 'none' };
  if (e.kind === 'certificate') return { kind: 'certificate', validFrom: null, validUntil: e.validUntil };
  if (e.kind === 'test_report') return { kind: 'test_report', validFrom: e.asOf, validUntil: e.validUntil };
  return { kind: 'none' };
}

interface JudgedLine extends repo.SummaryLineRow {
  deliveredQuantity: string;
  deliveredFen: number;
  categoryKey: string;
  categoryName: string;
  groupName: string | null;
  kind: StandardKindValue;
  green: boolean;
  basis: SummaryLineView['basis'];
  greenDeliveredQuantity: string;
  evidenceName: string | null;
  reason: SummaryLineView['reason'];
}

interface ProjectRow {
  id: number;
  name: string;
  inPolicyScope: boolean;
  standardEdition: string | null;
}

/** Every line of the scope judged green or not, with its category under its project's edition. */
async function judgeLines(tx: Tx, scope: repo.SummaryScope, policies: Map<number, ProjectPolicy>) {
  const rows = await repo.summaryLines(tx, scope);
  const groups = await repo.arrivalsByEvidence(tx, scope);
  const ruleOf = (projectId: number) => policies.get(projectId)?.rule ?? NO_RULE;
  const projectOf = new Map(rows.map((r) => [r.id, r.projectId]));
  // What arrived per line, in thousandths (quantities) and thousandths of a fen (values): exact sums.
  const delivered = new Map<number, { milli: number; valueMilli: number; greenMilli: number }>();
  // A pair's green depends on the rule's report window, which differs per edition: each pair is judged once per
  // window, whatever the number of lines it carries.
  for (const g of groups) {
    const evidence = snapshotEvidence(g);
    const verdicts = new Map<number | null, boolean>();
    g.listLineIds.forEach((lineId, i) => {
      const projectId = projectOf.get(lineId);
      if (projectId === undefined) return; // a line outside the period asked for
      const w = ruleOf(projectId).testReportMaxAgeDays;
      let green = verdicts.get(w);
      if (green === undefined) {
        green = greenOn(evidence, g.arrivedOn, { testReportMaxAgeDays: w });
        verdicts.set(w, green);
      }
      const d = delivered.get(lineId) ?? { milli: 0, valueMilli: 0, greenMilli: 0 };
      const milli = toMilli(g.accepted[i] as string);
      d.milli += milli;
      d.valueMilli += toMilli(g.valueFen[i] as string);
      if (green) d.greenMilli += milli;
      delivered.set(lineId, d);
    });
  }
  const planned = rows.filter((r) => !delivered.has(r.id) && r.productId !== null);
  const evidence = await evidenceOfProducts(tx, [...new Set(planned.map((r) => r.productId as number))]);

  return rows.map((r): JudgedLine => {
    const policy = policies.get(r.projectId) as ProjectPolicy;
    const { category, kind } = placeLine(policy, r.classifyCode);
    const arrived = delivered.get(r.id);
    const deliveredMilli = arrived?.milli ?? 0;
    const greenMilli = arrived?.greenMilli ?? 0;
    let green: boolean;
    let evidenceName: string | null = null;
    let reason: JudgedLine['reason'] = null;
    if (deliveredMilli > 0) {
      green = greenMilli >= deliveredMilli;
      if (!green) reason = 'delivered_not_green';
    } else if (r.productId === null) {
      green = false;
      reason = 'not_chosen';
    } else {
      const proof = greenThrough(evidence.get(r.productId), r.requiredBy, ruleOf(r.projectId));
      green = proof !== null;
      evidenceName = proof?.name ?? null;
      if (!green) reason = 'no_evidence_by_required_date';
    }
    return {
      ...r,
      categoryKey: category?.code ?? OUTSIDE_CATEGORY_KEY,
      categoryName: category?.name ?? standardKindLabels.outside.zh,
      groupName: category?.groupName ?? null,
      kind,
      green,
      deliveredQuantity: plainQuantity(deliveredMilli),
      deliveredFen: Math.round((arrived?.valueMilli ?? 0) / 1000),
      basis: deliveredMilli > 0 ? 'delivered' : 'planned',
      greenDeliveredQuantity: plainQuantity(greenMilli),
      evidenceName,
      reason,
    };
  });
}

function projectView(project: ProjectRow, policy: ProjectPolicy, lines: JudgedLine[]): SummaryProjectView {
  const c = complianceOf(
    lines.map((l) =>
      complianceLine(policy, { id: l.id, classifyCode: l.classifyCode, green: l.green, amountFen: l.budgetFen }),
    ),
    policy.rule ?? NO_RULE,
  );
  const sum = (f: (l: JudgedLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  return {
    projectId: project.id,
    projectName: project.name,
    editionCode: policy.editionCode,
    inPolicy: policy.rule !== null,
    ruleConfidence: policy.ruleConfidence,
    lines: lines.length,
    budgetFen: sum((l) => l.budgetFen),
    orderedFen: sum((l) => l.orderedFen),
    deliveredFen: sum((l) => l.deliveredFen),
    greenShareByValueBp: c.greenShareByValueBp,
    greenShareByKindBp: c.greenShareByKindBp,
    mandatory: c.mandatory,
    optional: c.optional,
    met: c.met,
  };
}

function cellsOf(projectId: number, lines: JudgedLine[]): SummaryCellView[] {
  const cells = new Map<string, SummaryCellView>();
  for (const l of lines) {
    const cell = cells.get(l.categoryKey) ?? {
      projectId,
      categoryKey: l.categoryKey,
      kind: l.kind,
      lines: 0,
      greenLines: 0,
      budgetFen: 0,
      orderedFen: 0,
      deliveredFen: 0,
      greenFen: 0,
      greenShareBp: null,
    };
    cell.lines += 1;
    cell.budgetFen += l.budgetFen;
    cell.orderedFen += l.orderedFen;
    cell.deliveredFen += l.deliveredFen;
    if (l.green) {
      cell.greenLines += 1;
      cell.greenFen += l.budgetFen;
    }
    cells.set(l.categoryKey, cell);
  }
  for (const c of cells.values()) {
    c.greenShareBp = c.budgetFen === 0 ? null : Math.floor((c.greenFen * 10_000) / c.budgetFen);
  }
  return [...cells.values()];
}

function lineView(l: JudgedLine): SummaryLineView {
  return {
    lineId: l.id,
    lineNo: l.lineNo,
    classifyCode: l.classifyCode,
    commonName: l.commonName,
    spec: l.spec,
    unitId: l.unitId,
    quantity: plainQuantity(toMilli(l.quantity)),
    requiredBy: l.requiredBy,
    budgetFen: l.budgetFen,
    orderedQuantity: plainQuantity(toMilli(l.orderedQuantity)),
    orderedFen: l.orderedFen,
    deliveredQuantity: plainQuantity(toMilli(l.deliveredQuantity)),
    greenDeliveredQuantity: l.greenDeliveredQuantity,
    deliveredFen: l.deliveredFen,
    productName: l.productName,
    green: l.green,
    basis: l.basis,
    evidenceName: l.evidenceName,
    reason: l.reason,
  };
}

/** Projects, their policies and their judged lines, for the caller and the period. */
async function summarise(tx: Tx, projectRows: ProjectRow[], body: { fromMonth?: string; toMonth?: string }) {
  const policies = new Map<number, ProjectPolicy>();
  const byEdition = new Map<string | null, Promise<ProjectPolicy>>();
  for (const p of projectRows) {
    const edition = p.inPolicyScope ? p.standardEdition : null;
    if (!byEdition.has(edition)) byEdition.set(edition, policyOf(tx, edition));
    policies.set(p.id, await (byEdition.get(edition) as Promise<ProjectPolicy>));
  }
  const scope: repo.SummaryScope = {
    projectIds: projectRows.map((p) => p.id),
    fromDay: body.fromMonth ? `${body.fromMonth}-01` : null,
    beforeDay: body.toMonth ? nextMonthFirst(body.toMonth) : null,
  };
  const lines = projectRows.length === 0 ? [] : await judgeLines(tx, scope, policies);
  const linesOf = new Map<number, JudgedLine[]>(projectRows.map((p) => [p.id, []]));
  for (const l of lines) linesOf.get(l.projectId)?.push(l);
  return { policies, linesOf };
}

export function createSummaryService({ db }: { db: Db }) {
  return {
    /** The caller's projects (or the one asked for: 404 unless the caller buys for it) by category. */
    async summary(user: SessionUser, body: SummaryBody): Promise<MaterialsSummaryData> {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        if (body.projectId !== undefined) await requireBuyerProject(tx, user, body.projectId);
        const projectRows = await repo.buyerProjects(tx, orgId, body.projectId);
        const { policies, linesOf } = await summarise(tx, projectRows, body);
        const categories = new Map<string, SummaryCategoryView>();
        const failures: SummaryFailureView[] = [];
        const projects: SummaryProjectView[] = [];
        const cells: SummaryCellView[] = [];
        for (const p of projectRows) {
          const lines = linesOf.get(p.id) ?? [];
          const view = projectView(p, policies.get(p.id) as ProjectPolicy, lines);
          projects.push(view);
          cells.push(...cellsOf(p.id, lines));
          for (const l of lines) {
            if (!categories.has(l.categoryKey)) {
              categories.set(l.categoryKey, { key: l.categoryKey, name: l.categoryName, groupName: l.groupName });
            }
          }
          const failing = new Set([...view.mandatory.failingLineIds, ...view.optional.failingLineIds]);
          for (const l of lines) {
            if (!failing.has(l.id)) continue;
            failures.push({
              projectId: p.id,
              lineId: l.id,
              lineNo: l.lineNo,
              commonName: l.commonName,
              categoryKey: l.categoryKey,
              categoryName: l.categoryName,
              kind: l.kind,
              reason: l.reason ?? 'not_chosen',
            });
          }
        }
        failures.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'mandatory' ? -1 : 1));
        const outsideLast = (c: SummaryCategoryView) => (c.key === OUTSIDE_CATEGORY_KEY ? 1 : 0);
        return {
          projects,
          categories: [...categories.values()].sort(
            (a, b) => outsideLast(a) - outsideLast(b) || a.key.localeCompare(b.key),
          ),
          cells,
          failures: failures.slice(0, SUMMARY_FAILURES_MAX),
          failuresTotal: failures.length,
        };
      });
    },

    /** One project's lines of one category (404 unless the caller buys for the project). */
    async detail(user: SessionUser, body: DetailBody): Promise<MaterialsSummaryDetailData> {
      return db.transaction(async (tx) => {
        const { projectId } = body;
        const project = await requireBuyerProject(tx, user, projectId);
        const row: ProjectRow = {
          id: project.id,
          name: project.name,
          inPolicyScope: project.inPolicyScope,
          standardEdition: project.standardEdition,
        };
        const { policies, linesOf } = await summarise(tx, [row], body);
        const policy = policies.get(projectId) as ProjectPolicy;
        const all = linesOf.get(projectId) ?? [];
        const lines = all.filter((l) => l.categoryKey === body.categoryKey);
        const category = policy.rule
          ? [...policy.categories.values()].find((c) => c.code === body.categoryKey)
          : undefined;
        if (body.categoryKey !== OUTSIDE_CATEGORY_KEY && !category && lines.length === 0) {
          throw notFound('该类别不在项目的需求标准中');
        }
        const [cell] = cellsOf(projectId, lines);
        return {
          project: {
            projectId,
            projectName: project.name,
            editionCode: policy.editionCode,
            inPolicy: policy.rule !== null,
          },
          category: {
            key: body.categoryKey,
            name: category?.name ?? standardKindLabels.outside.zh,
            groupName: category?.groupName ?? null,
          },
          cell: cell ?? {
            projectId,
            categoryKey: body.categoryKey,
            kind: category?.kind ?? 'outside',
            lines: 0,
            greenLines: 0,
            budgetFen: 0,
            orderedFen: 0,
            deliveredFen: 0,
            greenFen: 0,
            greenShareBp: null,
          },
          lines: lines.map(lineView),
        };
      });
    },
  };
}
