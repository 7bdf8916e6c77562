import {
  type FilingCheckView,
  type FilingDetail,
  type FilingLineView,
  type FilingRole,
  type FilingStatusValue,
  periodRange,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { daysBetween, formatOptionalShanghaiTime, formatShanghaiTime, shanghaiDate } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { auditRows } from '../../lib/audit.ts';
import { policyOf } from '../procurement/index.ts';
import {
  type CheckedLine,
  filingChecks,
  type KnownCertificate,
  lineChecks,
  paymentRatioBp,
} from './government.filing.checks.ts';
import * as repo from './government.filing.repository.ts';
import { filingActions } from './government.filing.transitions.ts';

/** A filing's rows shaped into the contract's answers, with its checks (docs/government.md, "Filing"). */

/** Late: first submitted after the deadline, or not submitted and the deadline passed. */
export function isLate(dueOn: string, firstSubmittedOn: string | null, today: string): boolean {
  return firstSubmittedOn === null ? today > dueOn : firstSubmittedOn > dueOn;
}

const dayOf = (at: Date | null) => (at ? shanghaiDate(at) : null);

function checkedLine(l: repo.LineRowDb): CheckedLine {
  return {
    id: l.id,
    lineNo: l.lineNo,
    source: l.source as CheckedLine['source'],
    commonName: l.commonName,
    amountFen: l.amountFen,
    supplierOrgId: l.supplierOrgId,
    supplierCreditCode: l.supplierCreditCode,
    isGreen: l.isGreen,
    evidenceKind: l.evidenceKind as CheckedLine['evidenceKind'],
    certificateId: l.certificateId,
    certificateNo: l.certificateNo,
    certificateBody: l.certificateBody,
    star: l.star,
    reportNo: l.reportNo,
    reportDate: l.reportDate,
    deliveryDate: l.deliveryDate,
    claimedGreen: l.source === 'system' && l.prefillValues?.claimedGreen === true,
  };
}

/** Every check of a filing's lines and fields, with what the platform knows of their certificates. */
export async function checksOf(
  tx: Tx,
  f: repo.FilingRowDb,
  lines: readonly repo.LineRowDb[],
  edition: string | null,
): Promise<FilingCheckView[]> {
  const { from, to } = periodRange(f.period);
  const policy = await policyOf(tx, edition);
  const facts = await repo.certificateFacts(tx, {
    ids: lines.flatMap((l) => (l.certificateId === null ? [] : [l.certificateId])),
    nos: lines.flatMap((l) => (l.source === 'typed' && l.certificateNo ? [l.certificateNo] : [])),
  });
  const known = (c: repo.CertificateFact): KnownCertificate => c;
  const ctx = {
    from,
    to,
    testReportMaxAgeDays: policy.rule?.testReportMaxAgeDays ?? null,
    certificateById: new Map(facts.map((c) => [c.id, known(c)])),
    certificateByNo: new Map(facts.map((c) => [c.certNo, known(c)])),
  };
  return [
    ...filingChecks({ completedValueFen: f.completedValueFen, progressPaidFen: f.progressPaidFen }),
    ...lines.flatMap((l) => lineChecks(checkedLine(l), ctx)),
  ];
}

type Prefill = Record<string, number | string | null>;

/** The records a system line came from, each with its page where the caller has one. */
function sourcesOf(p: Prefill | null, role: FilingRole): FilingLineView['sources'] {
  if (!p) return [];
  const out: FilingLineView['sources'] = [];
  const num = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : null);
  const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  const onSite = role !== 'committee';
  const delivery = num('deliveryId');
  if (delivery !== null) {
    out.push({
      kind: 'delivery',
      id: delivery,
      label: `到货单 ${text('deliveryNumber')}`,
      url: onSite ? pageUrl(pages.siteDeliveryDetail, { id: delivery }) : null,
    });
  }
  const inspection = num('inspectionId');
  if (inspection !== null) {
    out.push({
      kind: 'inspection',
      id: inspection,
      label: `进场验收 ${text('inspectionNumber')}`,
      url: onSite ? pageUrl(pages.siteInspection, { inspection }) : null,
    });
  }
  const shipment = num('shipmentId');
  if (shipment !== null) {
    out.push({
      kind: 'shipment',
      id: shipment,
      label: `发货单 ${text('shipmentNumber')}`,
      url: role === 'filer' ? pageUrl(pages.shipmentDetail, { id: shipment }) : null,
    });
  }
  const order = num('orderId');
  if (order !== null) {
    out.push({
      kind: 'order',
      id: order,
      label: `采购订单 ${text('orderNumber')}`,
      url: role === 'filer' ? pageUrl(pages.procurementOrder, { id: order }) : null,
    });
  }
  return out;
}

function lineView(l: repo.LineRowDb, role: FilingRole, categoryNames: Map<string, string>): FilingLineView {
  const sources = sourcesOf(l.prefill ?? null, role);
  if (l.certificateId !== null && l.certificateNo) {
    sources.push({
      kind: 'certificate',
      id: l.certificateId,
      label: `证书 ${l.certificateNo}`,
      url: pageUrl(pages.certificateVerify, { no: l.certificateNo }),
    });
  }
  return {
    id: l.id,
    lineNo: l.lineNo,
    source: l.source as FilingLineView['source'],
    changedFields: l.changedFields,
    sources,
    classifyCode: l.classifyCode,
    categoryCode: l.categoryCode,
    categoryName: l.categoryCode ? (categoryNames.get(l.categoryCode) ?? null) : null,
    standardKind: l.standardKind as FilingLineView['standardKind'],
    commonName: l.commonName,
    spec: l.spec,
    quantity: plainQuantity(toMilli(l.quantity)),
    unit: l.unit,
    amountFen: l.amountFen,
    supplierOrgId: l.supplierOrgId,
    supplierName: l.supplierName,
    supplierCreditCode: l.supplierCreditCode,
    procurementMethod: l.procurementMethod as FilingLineView['procurementMethod'],
    isGreen: l.isGreen,
    evidenceKind: l.evidenceKind as FilingLineView['evidenceKind'],
    certificateId: l.certificateId,
    certificateNo: l.certificateNo,
    certificateBody: l.certificateBody,
    star: l.star,
    reportNo: l.reportNo,
    reportDate: l.reportDate,
    deliveryDate: l.deliveryDate,
  };
}

export async function detailView(
  tx: Tx,
  f: repo.FilingRowDb,
  project: repo.ProjectRowDb,
  role: FilingRole,
  today: string,
): Promise<FilingDetail> {
  const lines = await repo.filingLines(tx, f.id);
  const edition = project.inPolicyScope ? project.standardEdition : null;
  const policy = await policyOf(tx, edition);
  const categoryNames = new Map([...policy.categories.values()].map((c) => [c.code, c.name]));
  const [filerName, checks, history, supersededById, regions] = await Promise.all([
    repo.orgName(tx, f.filerOrgId),
    checksOf(tx, f, lines, edition),
    auditRows(tx, { entity: 'procurement_filing', entityId: f.id }),
    repo.correctionOf(tx, f.id),
    repo.regionNames(tx, [project.regionCode]),
  ]);
  const { from, to } = periodRange(f.period);
  const status = f.status as FilingStatusValue;
  const amountFen = lines.reduce((s, l) => s + l.amountFen, 0);
  return {
    id: f.id,
    projectId: project.id,
    projectName: project.name,
    regionCode: project.regionCode,
    regionName: regions.get(project.regionCode) ?? project.regionCode,
    editionCode: edition,
    filerOrgId: f.filerOrgId,
    filerName,
    period: f.period,
    periodFrom: from,
    periodTo: to,
    version: f.version,
    correctsId: f.correctsId,
    correctionReason: f.correctionReason,
    supersededById,
    status,
    contractNo: f.contractNo,
    defaultMethod: f.defaultMethod as FilingDetail['defaultMethod'],
    completedValueFen: f.completedValueFen,
    progressPaidFen: f.progressPaidFen,
    paymentRatioBp: paymentRatioBp(f.completedValueFen, f.progressPaidFen),
    remarks: f.remarks,
    returnReason: f.returnReason,
    dueOn: f.dueOn,
    daysLeft: daysBetween(today, f.dueOn),
    late: isLate(f.dueOn, dayOf(f.firstSubmittedAt), today),
    firstSubmittedAt: formatOptionalShanghaiTime(f.firstSubmittedAt),
    submittedAt: formatOptionalShanghaiTime(f.submittedAt),
    confirmedAt: formatOptionalShanghaiTime(f.confirmedAt),
    lockedAt: formatOptionalShanghaiTime(f.lockedAt),
    amountFen,
    greenAmountFen: lines.filter((l) => l.isGreen).reduce((s, l) => s + l.amountFen, 0),
    lines: lines.map((l) => lineView(l, role, categoryNames)),
    checks,
    history: history.map(({ log, actorName }) => ({
      action: log.action,
      fromState: log.fromState,
      toState: log.toState,
      reason: log.reason,
      actorName: actorName ?? '',
      at: formatShanghaiTime(log.createdAt),
    })),
    role,
    actions: f.supersededAt ? [] : filingActions(role === 'reader' ? 'reader' : role, status),
  };
}
