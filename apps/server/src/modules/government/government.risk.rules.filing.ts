import {
  type ComplianceLine,
  complianceOf,
  OrgType,
  PROGRESS_PAYMENT_MIN_PCT,
  type StandardKindValue,
} from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';
import {
  type EvidenceItem,
  type Finding,
  numberParam,
  projectInScope,
  type RuleCheck,
  type RuleScope,
  rowsOf,
} from './government.risk.finding.ts';

/**
 * The rules on filings (docs/government.md, "Risk rules"): a filing in force — not superseded by a correction — that
 * its filer has sent (submitted, returned, resubmitted, confirmed or locked; a draft is work in progress). Each
 * finding is keyed by the project and quarter (GBM-16 by the line too), so a correction that supersedes a filing
 * keeps its alert rather than opening another.
 */

interface FilingRow {
  id: number;
  projectId: number;
  projectName: string;
  cityCode: string;
  developerOrgId: number;
  period: string;
  status: string;
  version: number;
  completedValueFen: number | null;
  progressPaidFen: number | null;
  mandatoryGreenPct: number | null;
  optionalCoverageMinPct: number | null;
}

interface LineRow {
  id: number;
  filingId: number;
  lineNo: number;
  source: string;
  standardKind: StandardKindValue;
  categoryCode: string | null;
  commonName: string;
  spec: string;
  quantity: string;
  isGreen: boolean;
  amountFen: number;
  certificateNo: string | null;
  deliveryDate: string;
  productId: number | null;
  supplierOrgId: number | null;
  supplierType: number | null;
  changedFields: string[];
  prefillQuantity: string | null;
}

/** The filings in force that were sent, in the scope, with their project's rule parameters. */
async function sentFilings(tx: Tx, scope: RuleScope): Promise<FilingRow[]> {
  return rowsOf<FilingRow>(
    await tx.execute(sql`
      select f.id, f.project_id as "projectId", p.name as "projectName", p.city_code as "cityCode",
        p.developer_org_id as "developerOrgId", f.period, f.status, f.version,
        f.completed_value_fen::float8 as "completedValueFen", f.progress_paid_fen::float8 as "progressPaidFen",
        r.mandatory_green_pct as "mandatoryGreenPct", r.optional_coverage_min_pct as "optionalCoverageMinPct"
      from procurement_filings f
      join projects p on p.id = f.project_id
      left join standard_rules r on r.edition_code = p.standard_edition
      where f.superseded_at is null and f.status <> 'draft' and ${projectInScope(scope)}
      order by f.id`),
  );
}

async function linesOf(tx: Tx, filingIds: number[]): Promise<Map<number, LineRow[]>> {
  const out = new Map<number, LineRow[]>();
  if (filingIds.length === 0) return out;
  const rows = rowsOf<LineRow>(
    await tx.execute(sql`
      select l.id, l.filing_id as "filingId", l.line_no as "lineNo", l.source, l.standard_kind as "standardKind",
        l.category_code as "categoryCode", l.common_name as "commonName", l.spec, l.quantity::text as quantity,
        l.is_green as "isGreen", l.amount_fen::float8 as "amountFen", l.certificate_no as "certificateNo",
        l.delivery_date::text as "deliveryDate", l.product_id as "productId", l.supplier_org_id as "supplierOrgId",
        o.type as "supplierType", l.changed_fields as "changedFields", l.prefill_values->>'quantity' as "prefillQuantity"
      from procurement_filing_lines l
      left join organizations o on o.id = l.supplier_org_id
      where l.filing_id in (${sql.join(
        filingIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by l.filing_id, l.line_no`),
  );
  for (const r of rows) out.set(r.filingId, [...(out.get(r.filingId) ?? []), r]);
  return out;
}

const filingEvidence = (f: FilingRow): EvidenceItem => ({
  kind: 'filing',
  id: String(f.id),
  label: `${f.projectName} ${f.period} 采购填报${f.version > 1 ? `（更正第 ${f.version} 版）` : ''}`,
});
const lineLabel = (l: LineRow) => `第 ${l.lineNo} 行 ${l.commonName} ${l.spec}`;

/** A finding about a filing (the subject), for its project's developer. */
function filingFinding(code: string, f: FilingRow, evidence: EvidenceItem[], summary: string): Finding {
  return {
    fingerprint: `${code}:project:${f.projectId}:${f.period}`,
    cityCode: f.cityCode,
    projectId: f.projectId,
    subjectKind: 'filing',
    subjectId: String(f.id),
    subjectLabel: `${f.projectName} ${f.period}`,
    orgId: f.developerOrgId,
    evidence: [filingEvidence(f), ...evidence],
    summary,
  };
}

/** GBM-06A: a mandatory line not green. */
export const mandatoryNotGreen: RuleCheck = async (tx, scope) => {
  const filings = await sentFilings(tx, scope);
  const lines = await linesOf(
    tx,
    filings.map((f) => f.id),
  );
  return filings.flatMap((f) => {
    const failing = (lines.get(f.id) ?? []).filter((l) => l.standardKind === 'mandatory' && !l.isGreen);
    if (failing.length === 0) return [];
    const names = failing.map((l) => l.commonName);
    return [
      filingFinding(
        'GBM-06A',
        f,
        failing.map((l) => ({ kind: 'filing_line', id: String(l.id), label: lineLabel(l), detail: '必选类，非绿色' })),
        `${f.projectName} ${f.period} 填报中有 ${failing.length} 条必选类明细不是绿色建材：${names.slice(0, 5).join('、')}${names.length > 5 ? ' 等' : ''}`,
      ),
    ];
  });
};

/** GBM-06B: optional coverage below the edition's minimum (the contract's complianceOf). */
export const optionalCoverageLow: RuleCheck = async (tx, scope) => {
  const filings = await sentFilings(tx, scope);
  const lines = await linesOf(
    tx,
    filings.map((f) => f.id),
  );
  return filings.flatMap((f) => {
    if (f.optionalCoverageMinPct === null) return [];
    const own = lines.get(f.id) ?? [];
    const compliance = complianceOf(
      own.map(
        (l): ComplianceLine => ({
          lineId: l.id,
          categoryCode: l.categoryCode,
          kind: l.standardKind,
          green: l.isGreen,
          amountFen: l.amountFen,
        }),
      ),
      {
        mandatoryGreenPct: f.mandatoryGreenPct ?? 100,
        optionalCoverageMinPct: f.optionalCoverageMinPct,
        testReportMaxAgeDays: null,
      },
    );
    const o = compliance.optional;
    if (!o.applicable || o.met) return [];
    const pct = (o.coverageBp / 100).toFixed(1);
    return [
      filingFinding(
        'GBM-06B',
        f,
        o.failingCategoryCodes.map((code) => ({
          kind: 'filing_line',
          id: String(own.find((l) => l.categoryCode === code)?.id ?? ''),
          label: `品类 ${code}：${own.find((l) => l.categoryCode === code)?.commonName ?? ''}`,
          detail: '可选类品类，无绿色明细',
        })),
        `${f.projectName} ${f.period} 可选类绿色品类 ${o.greenKinds}/${o.kindsUsed}（${pct}%），低于 ${o.minPct}%`,
      ),
    ];
  });
};

/** GBM-11: progress paid under the minimum share of the completed work's value (exactly the minimum passes). */
export const progressPaymentLow: RuleCheck = async (tx, scope, params) => {
  const minPct = numberParam(params, 'minPaidPct', PROGRESS_PAYMENT_MIN_PCT);
  const filings = await sentFilings(tx, scope);
  return filings.flatMap((f) => {
    const completed = f.completedValueFen;
    const paid = f.progressPaidFen;
    if (completed === null || paid === null || completed <= 0) return [];
    if (paid * 100 >= minPct * completed) return [];
    const pct = ((paid * 100) / completed).toFixed(1);
    const yuan = (fen: number) => (fen / 100).toLocaleString('zh-CN', { maximumFractionDigits: 2 });
    return [
      filingFinding(
        'GBM-11',
        f,
        [],
        `${f.projectName} ${f.period} 已付进度款 ${yuan(paid)} 元，为已完成工程价款 ${yuan(completed)} 元的 ${pct}%，低于 ${minPct}%`,
      ),
    ];
  });
};

interface CertificateRow {
  certNo: string;
  productId: number;
  holderOrgId: number;
  validFrom: string;
  validUntil: string;
  revokedOn: string | null;
  leafIndex: number | null;
  revocationLeafIndex: number | null;
}

const MANUFACTURER: number = OrgType.MANUFACTURER;

/** Why a line contradicts the platform's records, or null. */
function contradiction(l: LineRow, cert: CertificateRow | undefined): string | null {
  if (l.source === 'typed' && cert) {
    if (l.productId !== null && l.productId !== cert.productId) return `证书 ${cert.certNo} 属于平台上的其他产品`;
    // A supplier that is itself a manufacturer sells its own products: another maker's certificate is not its.
    if (l.productId === null && l.supplierType === MANUFACTURER && l.supplierOrgId !== cert.holderOrgId)
      return `证书 ${cert.certNo} 属于其他生产企业`;
    if (cert.revokedOn !== null && cert.revokedOn <= l.deliveryDate)
      return `证书 ${cert.certNo} 已于 ${cert.revokedOn} 撤销，早于到货日 ${l.deliveryDate}`;
    if (cert.validUntil < l.deliveryDate)
      return `证书 ${cert.certNo} 有效期至 ${cert.validUntil}，到货日 ${l.deliveryDate} 已过期`;
    if (cert.validFrom > l.deliveryDate)
      return `证书 ${cert.certNo} 自 ${cert.validFrom} 起有效，晚于到货日 ${l.deliveryDate}`;
    return null;
  }
  if (l.source === 'system' && l.changedFields.includes('quantity') && l.prefillQuantity !== null) {
    if (toMilli(l.quantity) > toMilli(l.prefillQuantity)) {
      return `数量由平台记录的 ${l.prefillQuantity} 改为 ${l.quantity}`;
    }
  }
  return null;
}

/**
 * GBM-16: a typed line naming a platform certificate of another product, or one expired or revoked on its delivery
 * date; a system line whose quantity was raised above what the platform recorded as received.
 */
export const typedLineContradicts: RuleCheck = async (tx, scope) => {
  const filings = await sentFilings(tx, scope);
  const lines = await linesOf(
    tx,
    filings.map((f) => f.id),
  );
  const certNos = [...lines.values()].flat().flatMap((l) => (l.certificateNo ? [l.certificateNo.trim()] : []));
  const certs = new Map<string, CertificateRow>();
  if (certNos.length > 0) {
    const rows = rowsOf<CertificateRow>(
      await tx.execute(sql`
        select c.cert_no as "certNo", c.product_id as "productId", c.holder_org_id as "holderOrgId",
          c.valid_from::text as "validFrom", c.valid_until::text as "validUntil",
          ${shanghaiDay(sql`c.revoked_at`)}::text as "revokedOn", c.leaf_index as "leafIndex",
          c.revocation_leaf_index as "revocationLeafIndex"
        from certificates c
        where c.cert_no in (${sql.join(
          [...new Set(certNos)].map((n) => sql`${n}`),
          sql`, `,
        )})`),
    );
    for (const c of rows) certs.set(c.certNo, c);
  }
  return filings.flatMap((f) =>
    (lines.get(f.id) ?? []).flatMap((l): Finding[] => {
      const cert = l.certificateNo ? certs.get(l.certificateNo.trim()) : undefined;
      const why = contradiction(l, cert);
      if (!why) return [];
      const evidence: EvidenceItem[] = [
        filingEvidence(f),
        { kind: 'filing_line', id: String(l.id), label: lineLabel(l), detail: why },
      ];
      if (cert) {
        evidence.push({
          kind: 'certificate',
          id: cert.certNo,
          label: `平台证书 ${cert.certNo}`,
          leafIndex: cert.revocationLeafIndex ?? cert.leafIndex,
          detail: `有效期 ${cert.validFrom} 至 ${cert.validUntil}${cert.revokedOn ? `，${cert.revokedOn} 撤销` : ''}`,
        });
        evidence.push({ kind: 'product', id: String(cert.productId), label: '证书所属产品' });
      }
      return [
        {
          fingerprint: `GBM-16:project:${f.projectId}:${f.period}:line:${l.lineNo}`,
          cityCode: f.cityCode,
          projectId: f.projectId,
          subjectKind: 'filing_line',
          subjectId: String(l.id),
          subjectLabel: `${f.projectName} ${f.period} ${lineLabel(l)}`,
          orgId: f.developerOrgId,
          supplierOrgId: l.supplierOrgId,
          productIds: [l.productId, cert?.productId].filter((id): id is number => typeof id === 'number'),
          evidence,
          summary: `${f.projectName} ${f.period} 填报${lineLabel(l)}与平台记录不符：${why}`,
        },
      ];
    }),
  );
};
