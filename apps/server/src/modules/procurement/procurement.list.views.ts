import {
  type ComplianceRule,
  type ConfidenceValue,
  complianceOf,
  type LineSourceValue,
  type MaterialLineView,
  type MaterialListData,
  type MaterialListStatusValue,
  productUnits,
} from '@jcbb/contract';
import { plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { evidenceOfProducts, greenThrough } from './procurement.evidence.ts';
import * as repo from './procurement.list.repository.ts';
import { materialListTransition } from './procurement.list.transitions.ts';
import { complianceLine, placeLine, policyOf } from './procurement.policy.ts';

/** A list and its lines as the console reads them (docs/procurement.md, "Material lists"). */

const unitNames = new Map<number, string>(productUnits.map((u) => [u.id, u.name]));
export const unitName = (id: number) => unitNames.get(id) ?? String(id);

/** quantity × unit price in fen, rounded; kept within what a bigint column and a JSON number hold exactly. */
export function lineAmountFen(quantity: string | number, unitPriceFen: number): number {
  return Math.min(Math.round((toMilli(quantity) * unitPriceFen) / 1000), Number.MAX_SAFE_INTEGER);
}

const NO_RULE: ComplianceRule = { mandatoryGreenPct: 100, optionalCoverageMinPct: null, testReportMaxAgeDays: null };

interface ProjectRef {
  id: number;
  name: string;
  standardEdition: string | null;
}

/** The project's list as the page shows it: an empty draft before the first save. */
export async function listView(tx: Tx, project: ProjectRef): Promise<MaterialListData> {
  const list = await repo.listOfProject(tx, project.id);
  const policy = await policyOf(tx, project.standardEdition);
  const rule = policy.rule ?? NO_RULE;
  const rows = list ? await repo.activeLines(tx, list.id) : [];
  const evidence = await evidenceOfProducts(
    tx,
    rows.flatMap((r) => (r.productId === null ? [] : [r.productId])),
  );
  const refs = await repo.referencesOf(
    tx,
    rows.map((r) => r.line.id),
  );
  const lines: MaterialLineView[] = rows.map((r) => {
    const l = r.line;
    const { category, kind } = placeLine(policy, l.classifyCode);
    const own = r.productId === null ? undefined : evidence.get(r.productId);
    const proof = greenThrough(own, l.requiredBy, rule);
    const shown = proof ?? own?.[0] ?? null;
    const ref = refs.get(l.id) ?? { inquiries: 0, orders: 0 };
    return {
      id: l.id,
      lineNo: l.lineNo,
      classifyCode: l.classifyCode,
      classifyName: r.classifyName,
      commonName: l.commonName,
      spec: l.spec,
      unitId: l.unitId,
      unitName: unitName(l.unitId),
      quantity: plainQuantity(toMilli(l.quantity)),
      requiredBy: l.requiredBy,
      useLocation: l.useLocation,
      budgetUnitPriceFen: l.budgetUnitPriceFen,
      amountFen: lineAmountFen(l.quantity, l.budgetUnitPriceFen),
      remarks: l.remarks,
      source: l.source as LineSourceValue,
      kind,
      categoryCode: category?.code ?? null,
      categoryName: category?.name ?? null,
      categoryConfidence: (category?.confidence as ConfidenceValue | undefined) ?? null,
      green: proof !== null,
      chosen:
        l.chosenSpecId === null || r.productId === null
          ? null
          : {
              specId: l.chosenSpecId,
              specName: [r.specName, r.specModel].filter(Boolean).join(' '),
              productId: r.productId,
              productName: r.productName ?? '',
              supplierName: r.supplierName,
              reason: l.chosenReason,
            },
      evidence: shown
        ? {
            kind: shown.kind,
            name: shown.name,
            certNo: shown.certNo,
            validFrom: shown.validFrom ?? null,
            validUntil: shown.validUntil ?? null,
            revokedOn: shown.revokedOn ?? null,
            platform: shown.platform,
          }
        : null,
      inquiryCount: ref.inquiries,
      orderCount: ref.orders,
    };
  });
  const compliance = complianceOf(
    lines.map((l) =>
      complianceLine(policy, { id: l.id, classifyCode: l.classifyCode, green: l.green, amountFen: l.amountFen }),
    ),
    rule,
  );
  const versions = list ? await repo.versionsOf(tx, list.id) : [];
  const status = (list?.status ?? 'draft') as MaterialListStatusValue;
  const state = list ? status : null;
  return {
    projectId: project.id,
    projectName: project.name,
    editionCode: policy.editionCode,
    editionName: project.standardEdition ? await repo.editionName(tx, project.standardEdition) : null,
    listId: list?.id ?? null,
    status,
    version: list?.version ?? 1,
    reopenReason: list?.reopenReason ?? null,
    confirmedAt: formatOptionalShanghaiTime(list?.confirmedAt),
    confirmedByName: list ? await repo.userName(tx, list.confirmedBy) : null,
    rule: policy.rule,
    ruleConfidence: (policy.ruleConfidence as ConfidenceValue | null) ?? null,
    placement: policy.rule
      ? [...policy.categories].map(([classifyCode, c]) => ({
          classifyCode,
          category: { code: c.code, name: c.name, kind: c.kind },
        }))
      : [],
    lines,
    compliance,
    budgetFen: Math.min(
      lines.reduce((s, l) => s + l.amountFen, 0),
      Number.MAX_SAFE_INTEGER,
    ),
    versions: versions.map(({ v, confirmedByName, reopenedByName }) => ({
      version: v.version,
      lineCount: v.lineCount,
      budgetFen: v.budgetFen,
      confirmedAt: formatShanghaiTime(v.confirmedAt),
      confirmedByName,
      reopenReason: v.reopenReason,
      reopenedAt: formatOptionalShanghaiTime(v.reopenedAt),
      reopenedByName,
    })),
    actions: {
      save: materialListTransition('buyer', 'edit', state).ok || materialListTransition('buyer', 'amend', state).ok,
      confirm: materialListTransition('buyer', 'confirm', state).ok && lines.length > 0,
      reopen: materialListTransition('buyer', 'reopen', state).ok,
    },
  };
}

/** A line as a confirmed version keeps it (material_list_versions.lines). */
export function snapshotLine(r: repo.ActiveLine) {
  const l = r.line;
  return {
    id: l.id,
    lineNo: l.lineNo,
    classifyCode: l.classifyCode,
    classifyName: r.classifyName,
    commonName: l.commonName,
    spec: l.spec,
    unitId: l.unitId,
    unitName: unitName(l.unitId),
    quantity: plainQuantity(toMilli(l.quantity)),
    requiredBy: l.requiredBy,
    useLocation: l.useLocation,
    budgetUnitPriceFen: l.budgetUnitPriceFen,
    remarks: l.remarks,
  };
}
