import { type GreenEvidence, greenOn, ProductDocumentKind, regionCovers, traceAlertLabels } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';
import {
  cityOf,
  type EvidenceItem,
  type Finding,
  numberParam,
  projectInScope,
  type RuleCheck,
  rowsOf,
} from './government.risk.finding.ts';

/**
 * The rules on the supply chain (docs/government.md, "Risk rules"): what arrived at a site (GBM-01), what a
 * distributor shipped (GBM-02), test reports (GBM-03) and trace codes (GBM-04, the trace module's own alerts).
 */

const SHIPPED = [2, 3, 4, 5] as const;
const DISTRIBUTOR = 7;

interface ArrivalRow {
  receiptId: number;
  receiptNumber: string;
  arrivedOn: string;
  deliveryId: number | null;
  deliveryNumber: string | null;
  projectId: number;
  projectName: string;
  cityCode: string;
  developerOrgId: number;
  reportMaxAgeDays: number | null;
  shipmentId: number;
  shipmentNumber: string;
  supplierOrgId: number;
  productId: number;
  productName: string;
  certNo: string | null;
  snapshotUntil: string | null;
  snapshotLeaf: number | null;
}

interface ProductProof extends GreenEvidence {
  productId: number;
  certNo: string | null;
  platform: boolean;
  leafIndex: number | null;
}

/** Every certificate (platform and uploaded) and test report of the products, with a platform one's revocation. */
async function proofsOf(tx: Tx, productIds: number[]): Promise<Map<number, ProductProof[]>> {
  const out = new Map<number, ProductProof[]>();
  if (productIds.length === 0) return out;
  const ids = sql.join(
    [...new Set(productIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<ProductProof & { kind: string }>(
    await tx.execute(sql`
      select c.product_id as "productId", 'certificate' as kind, c.cert_no as "certNo", true as platform,
        c.valid_from::text as "validFrom", c.valid_until::text as "validUntil",
        ${shanghaiDay(sql`c.revoked_at`)}::text as "revokedOn",
        coalesce(c.revocation_leaf_index, c.leaf_index) as "leafIndex"
      from certificates c where c.product_id in (${ids})
      union all
      select d.product_id, case when d.kind = ${ProductDocumentKind.TEST_REPORT} then 'test_report' else 'certificate' end,
        d.cert_no, false, d.valid_from::text, d.valid_until::text, null, null
      from product_documents d
      where d.product_id in (${ids})
        and ((d.kind = ${ProductDocumentKind.GREEN_CERTIFICATE} and d.certificate_id is null)
          or d.kind = ${ProductDocumentKind.TEST_REPORT})`),
  );
  for (const r of rows) {
    const proof = { ...r, kind: r.kind as GreenEvidence['kind'] };
    out.set(r.productId, [...(out.get(r.productId) ?? []), proof]);
  }
  return out;
}

/**
 * GBM-01: a lot accepted at a project's site on day D whose shipment line's evidence snapshot named a certificate,
 * while on D no certificate of the product was valid (ended before D, or revoked on or before D) and no test report
 * counted instead (`greenOn` with the project's edition's report window). A certificate ending on D still counts.
 */
export const certificateInvalidAtDelivery: RuleCheck = async (tx, scope) => {
  const rows = rowsOf<ArrivalRow>(
    await tx.execute(sql`
      select distinct on (r.id, sl.product_id)
        r.id as "receiptId", r.number as "receiptNumber", r.arrived_on::text as "arrivedOn",
        sd.id as "deliveryId", sd.number as "deliveryNumber",
        p.id as "projectId", p.name as "projectName", p.city_code as "cityCode", p.developer_org_id as "developerOrgId",
        sr.test_report_max_age_days as "reportMaxAgeDays",
        s.id as "shipmentId", s.number as "shipmentNumber", s.from_org_id as "supplierOrgId",
        sl.product_id as "productId", pr.name as "productName",
        sl.evidence->>'certNo' as "certNo", sl.evidence->>'validUntil' as "snapshotUntil",
        (sl.evidence->>'leafIndex')::int as "snapshotLeaf"
      from receipts r
      join receipt_lines rl on rl.receipt_id = r.id and rl.accepted > 0
      join shipment_lines sl on sl.id = rl.shipment_line_id
      join shipments s on s.id = r.shipment_id
      join projects p on r.holder_key = 'project:' || p.id
      join products pr on pr.id = sl.product_id
      left join standard_rules sr on sr.edition_code = p.standard_edition
      left join site_deliveries sd on sd.receipt_id = r.id
      where sl.evidence->>'kind' = 'certificate' and ${projectInScope(scope)}
      order by r.id, sl.product_id`),
  );
  const proofs = await proofsOf(
    tx,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((r): Finding[] => {
    const own = proofs.get(r.productId) ?? [];
    const rule = { testReportMaxAgeDays: r.reportMaxAgeDays };
    if (own.some((e) => greenOn(e, r.arrivedOn, rule))) return [];
    const named = own.find((e) => e.kind === 'certificate' && e.certNo === r.certNo);
    const until = named?.validUntil ?? r.snapshotUntil;
    const why =
      named?.revokedOn && named.revokedOn <= r.arrivedOn
        ? `已于 ${named.revokedOn} 撤销`
        : `有效期至 ${until ?? '—'}，到货时已过期`;
    const evidence: EvidenceItem[] = [
      { kind: 'receipt', id: String(r.receiptId), label: `收货单 ${r.receiptNumber}`, detail: `到货日 ${r.arrivedOn}` },
      ...(r.deliveryId
        ? [{ kind: 'site_delivery' as const, id: String(r.deliveryId), label: `现场到货 ${r.deliveryNumber ?? ''}` }]
        : []),
      { kind: 'shipment', id: String(r.shipmentId), label: `发货单 ${r.shipmentNumber}` },
      {
        kind: 'certificate',
        id: r.certNo ?? '',
        label: `${named?.platform ? '平台证书' : '证书'} ${r.certNo ?? ''}`,
        leafIndex: named?.leafIndex ?? r.snapshotLeaf,
        detail: why,
      },
      { kind: 'product', id: String(r.productId), label: r.productName, detail: '到货日无有效证书或检测报告' },
    ];
    return [
      {
        fingerprint: `GBM-01:receipt:${r.receiptId}:product:${r.productId}`,
        cityCode: r.cityCode,
        projectId: r.projectId,
        subjectKind: 'receipt',
        subjectId: String(r.receiptId),
        subjectLabel: `收货单 ${r.receiptNumber} ${r.productName}`,
        orgId: r.developerOrgId,
        supplierOrgId: r.supplierOrgId,
        productIds: [r.productId],
        evidence,
        summary: `${r.projectName}：${r.productName} 于 ${r.arrivedOn} 到货签收，发货时所附证书 ${r.certNo ?? ''} ${why}，且无其他有效证明`,
      },
    ];
  });
};

interface DistributorLineRow {
  shipmentId: number;
  number: string;
  shipDate: string;
  distributorOrgId: number;
  distributorName: string;
  toRegionCode: string;
  toProjectId: number | null;
  projectName: string | null;
  cityCode: string;
  lineNo: number;
  productId: number;
  specId: number;
  productName: string;
  authorisationId: number | null;
  letterNumber: string | null;
  publicId: string | null;
  letterKind: string | null;
  letterProjectId: number | null;
  regionCodes: string[] | null;
  validFrom: string | null;
  validUntil: string | null;
  status: string | null;
  statusChangedOn: string | null;
  leafIndex: number | null;
  itemProductId: number | null;
  itemSpecId: number | null;
}

/** Why a distributor's shipment line was outside its letter on the ship date, or null. */
function outsideWhy(l: DistributorLineRow): string | null {
  if (l.authorisationId === null) return '没有授权记录';
  if (l.itemProductId !== l.productId || (l.itemSpecId !== null && l.itemSpecId !== l.specId))
    return `授权书 ${l.letterNumber} 不含该产品规格`;
  if (!(l.regionCodes ?? []).some((code) => regionCovers(code, l.toRegionCode)))
    return `授权书 ${l.letterNumber} 的区域不含目的地`;
  if ((l.validFrom && l.shipDate < l.validFrom) || (l.validUntil && l.shipDate > l.validUntil))
    return `发货日期不在授权书 ${l.letterNumber} 的期限（${l.validFrom} 至 ${l.validUntil}）内`;
  if (l.letterKind === 'project' && l.letterProjectId !== null && l.letterProjectId !== l.toProjectId)
    return `授权书 ${l.letterNumber} 为其他项目的项目授权`;
  if ((l.status === 'revoked' || l.status === 'suspended') && l.statusChangedOn && l.statusChangedOn <= l.shipDate)
    return `授权书 ${l.letterNumber} 已于 ${l.statusChangedOn} ${l.status === 'revoked' ? '撤销' : '暂停'}`;
  return null;
}

/**
 * GBM-02: a distributor's own sale (not a return) shipped outside the letter it relied on: no record of one, or the
 * letter did not cover the product, the destination's county, the ship date or the project, or it was revoked or
 * suspended on or before the ship date. One finding per shipment, for the distributor.
 */
export const outsideAuthorisation: RuleCheck = async (tx, scope) => {
  const city = sql`coalesce(p.city_code, substr(s.to_region_code, 1, 4) || '00')`;
  const rows = rowsOf<DistributorLineRow>(
    await tx.execute(sql`
      select s.id as "shipmentId", s.number, s.ship_date::text as "shipDate", s.from_org_id as "distributorOrgId",
        o.name as "distributorName", s.to_region_code as "toRegionCode", s.to_project_id as "toProjectId",
        p.name as "projectName", ${city} as "cityCode",
        sl.line_no as "lineNo", sl.product_id as "productId", sl.spec_id as "specId", pr.name as "productName",
        a.id as "authorisationId", a.number as "letterNumber", a.public_id as "publicId", a.kind as "letterKind",
        a.project_id as "letterProjectId", a.region_codes as "regionCodes", a.valid_from::text as "validFrom",
        a.valid_until::text as "validUntil", a.status, ${shanghaiDay(sql`a.status_changed_at`)}::text as "statusChangedOn",
        coalesce(a.status_leaf_index, a.leaf_index) as "leafIndex",
        ai.product_id as "itemProductId", ai.spec_id as "itemSpecId"
      from shipments s
      join organizations o on o.id = s.from_org_id and o.type = ${DISTRIBUTOR}
      join shipment_lines sl on sl.shipment_id = s.id
      join products pr on pr.id = sl.product_id
      left join projects p on p.id = s.to_project_id
      left join shipment_line_authorisations sla on sla.shipment_line_id = sl.id
      left join authorisations a on a.id = sla.authorisation_id
      left join authorisation_items ai on ai.id = sla.authorisation_item_id
      where s.status in (${sql.join(
        SHIPPED.map((v) => sql`${v}`),
        sql`, `,
      )}) and s.return_of_receipt_id is null and s.to_region_code is not null
        and ${scope.cityCode === undefined ? sql`true` : sql`${city} = ${scope.cityCode}`}
        and ${scope.projectId === undefined ? sql`true` : sql`s.to_project_id = ${scope.projectId}`}
      order by s.id, sl.line_no`),
  );
  const byShipment = new Map<number, { first: DistributorLineRow; outside: [DistributorLineRow, string][] }>();
  for (const r of rows) {
    const why = outsideWhy(r);
    if (!why) continue;
    const entry = byShipment.get(r.shipmentId) ?? { first: r, outside: [] };
    entry.outside.push([r, why]);
    byShipment.set(r.shipmentId, entry);
  }
  return [...byShipment.values()].map(({ first: s, outside }): Finding => {
    const letters = new Map(outside.filter(([l]) => l.publicId).map(([l]) => [l.publicId as string, l]));
    return {
      fingerprint: `GBM-02:shipment:${s.shipmentId}`,
      cityCode: s.cityCode,
      projectId: s.toProjectId,
      subjectKind: 'shipment',
      subjectId: String(s.shipmentId),
      subjectLabel: `发货单 ${s.number}`,
      orgId: s.distributorOrgId,
      supplierOrgId: s.distributorOrgId,
      productIds: [...new Set(outside.map(([l]) => l.productId))],
      evidence: [
        { kind: 'shipment', id: String(s.shipmentId), label: `发货单 ${s.number}`, detail: `发货日 ${s.shipDate}` },
        { kind: 'organization', id: String(s.distributorOrgId), label: s.distributorName, detail: '经销商' },
        ...[...letters.values()].map((l) => ({
          kind: 'authorisation' as const,
          id: l.publicId as string,
          label: `授权书 ${l.letterNumber ?? ''}`,
          leafIndex: l.leafIndex,
          detail: `${l.validFrom} 至 ${l.validUntil}`,
        })),
        ...outside.map(([l, why]) => ({
          kind: 'product' as const,
          id: String(l.productId),
          label: `第 ${l.lineNo} 行 ${l.productName}`,
          detail: why,
        })),
      ],
      summary: `${s.distributorName} 的发货单 ${s.number}（${s.shipDate}${s.projectName ? `，发往 ${s.projectName}` : ''}）有 ${outside.length} 行超出授权：${outside[0]?.[1] ?? ''}`,
    };
  });
};

interface ReportUseRow {
  reportNo: string;
  source: 'document' | 'filing_line';
  recordId: number;
  productId: number;
  productName: string;
  classifyCode: string;
  makerOrgId: number;
  makerName: string;
  makerRegion: string | null;
}

/**
 * GBM-03: one test-report number on products of different manufacturers, or of one manufacturer's unrelated classes
 * (their classification's first `classDigits` digits differ). Numbers from the products' test-report documents and
 * from filed lines naming a platform product; compared without spaces, in capitals. One finding per manufacturer
 * (its city's committee sees it; the manufacturer explains).
 */
export const reportReused: RuleCheck = async (tx, scope, params) => {
  const digits = Math.max(1, numberParam(params, 'classDigits', 2));
  const normal = (column: string) => sql.raw(`upper(regexp_replace(${column}, '\\s', '', 'g'))`);
  const rows = rowsOf<ReportUseRow>(
    await tx.execute(sql`
      select ${normal('d.cert_no')} as "reportNo", 'document' as source, d.id as "recordId",
        pr.id as "productId", pr.name as "productName", pr.classify_code as "classifyCode",
        pr.org_id as "makerOrgId", o.name as "makerName", o.region_code as "makerRegion"
      from product_documents d
      join products pr on pr.id = d.product_id
      join organizations o on o.id = pr.org_id
      where d.kind = ${ProductDocumentKind.TEST_REPORT} and coalesce(trim(d.cert_no), '') <> ''
      union all
      select ${normal('l.report_no')}, 'filing_line', l.id, pr.id, pr.name, pr.classify_code, pr.org_id, o.name,
        o.region_code
      from procurement_filing_lines l
      join procurement_filings f on f.id = l.filing_id and f.superseded_at is null and f.status <> 'draft'
      join products pr on pr.id = l.product_id
      join organizations o on o.id = pr.org_id
      where coalesce(trim(l.report_no), '') <> ''`),
  );
  const byReport = new Map<string, ReportUseRow[]>();
  for (const r of rows) byReport.set(r.reportNo, [...(byReport.get(r.reportNo) ?? []), r]);
  const findings: Finding[] = [];
  for (const [reportNo, uses] of byReport) {
    const makers = new Map(uses.map((u) => [u.makerOrgId, u]));
    const classes = new Set(uses.map((u) => u.classifyCode.slice(0, digits)));
    if (makers.size < 2 && classes.size < 2) continue;
    const products = new Map(uses.map((u) => [u.productId, u]));
    for (const maker of makers.values()) {
      const cityCode = maker.makerRegion ? cityOf(maker.makerRegion) : null;
      if (!cityCode || (scope.cityCode !== undefined && cityCode !== scope.cityCode)) continue;
      const why =
        makers.size > 1 ? `同时用于 ${makers.size} 家生产企业的产品` : `同时用于 ${classes.size} 个不同大类的产品`;
      findings.push({
        fingerprint: `GBM-03:report:${reportNo}:org:${maker.makerOrgId}`,
        cityCode,
        projectId: null,
        subjectKind: 'report',
        subjectId: reportNo,
        subjectLabel: `检测报告 ${reportNo}`,
        orgId: maker.makerOrgId,
        supplierOrgId: maker.makerOrgId,
        productIds: [...products.keys()],
        evidence: [
          { kind: 'report', id: reportNo, label: `检测报告 ${reportNo}`, detail: why },
          ...[...products.values()].map((u) => ({
            kind: 'product' as const,
            id: String(u.productId),
            label: `${u.productName}（${u.makerName}）`,
            detail: `分类 ${u.classifyCode}；${u.source === 'document' ? '产品资料' : '采购填报'}`,
          })),
        ],
        summary: `检测报告 ${reportNo} ${why}：${[...products.values()]
          .map((u) => u.productName)
          .slice(0, 4)
          .join('、')}`,
      });
    }
  }
  return findings;
};

interface TraceAlertRow {
  code: string;
  kind: 'two_sites' | 'after_installed';
  makerOrgId: number;
  shipmentId: number | null;
  shipmentNumber: string | null;
  projectId: number;
  projectName: string;
  cityCode: string;
  developerOrgId: number;
  firstProjectId: number | null;
  firstProjectName: string | null;
  productId: number | null;
  productName: string | null;
  status: string;
  leafIndex: number | null;
}

/**
 * GBM-04: the trace module's own alerts (`trace_alerts`, docs/traceability.md): a code received at two project
 * sites, or scanned after its material was installed or used. Not detected again here: each trace alert on a
 * project's code is one finding, for the project (the second site's, or where the code was received).
 */
export const codeAtTwoSites: RuleCheck = async (tx, scope) => {
  const project = sql`coalesce((ta.details->>'projectId')::int, tc.received_project_id,
    case when tc.holder_key like 'project:%' then substr(tc.holder_key, 9)::int end)`;
  const rows = rowsOf<TraceAlertRow>(
    await tx.execute(sql`
      select ta.code, ta.kind, ta.org_id as "makerOrgId", ta.shipment_id as "shipmentId", s.number as "shipmentNumber",
        p.id as "projectId", p.name as "projectName", p.city_code as "cityCode", p.developer_org_id as "developerOrgId",
        fp.id as "firstProjectId", fp.name as "firstProjectName", pr.id as "productId", pr.name as "productName",
        tc.status,
        (select e.leaf_index from trace_event_codes ec join trace_events e on e.id = ec.event_id
          where ec.code = ta.code order by e.event_time desc, e.id desc limit 1) as "leafIndex"
      from trace_alerts ta
      join trace_codes tc on tc.code = ta.code
      join lots l on l.id = tc.lot_id
      left join products pr on pr.id = l.product_id
      join projects p on p.id = ${project}
      left join projects fp on fp.id = (ta.details->>'firstProjectId')::int
      left join shipments s on s.id = ta.shipment_id
      where ${projectInScope(scope)}
      order by ta.id`),
  );
  return rows.map((r): Finding => {
    const what = traceAlertLabels[r.kind]?.zh ?? r.kind;
    return {
      fingerprint: `GBM-04:code:${r.code}:${r.kind}`,
      cityCode: r.cityCode,
      projectId: r.projectId,
      subjectKind: 'trace_code',
      subjectId: r.code,
      subjectLabel: `追溯码 ${r.code}`,
      orgId: r.developerOrgId,
      supplierOrgId: r.makerOrgId,
      productIds: r.productId ? [r.productId] : [],
      evidence: [
        { kind: 'trace_code', id: r.code, label: `追溯码 ${r.code}`, leafIndex: r.leafIndex, detail: what },
        ...(r.shipmentId
          ? [{ kind: 'shipment' as const, id: String(r.shipmentId), label: `发货单 ${r.shipmentNumber ?? ''}` }]
          : []),
        { kind: 'project', id: String(r.projectId), label: r.projectName },
        ...(r.firstProjectId
          ? [
              {
                kind: 'project' as const,
                id: String(r.firstProjectId),
                label: r.firstProjectName ?? '',
                detail: '首次签收项目',
              },
            ]
          : []),
        ...(r.productId ? [{ kind: 'product' as const, id: String(r.productId), label: r.productName ?? '' }] : []),
      ],
      summary:
        r.kind === 'two_sites'
          ? `追溯码 ${r.code}（${r.productName ?? ''}）已在 ${r.firstProjectName ?? '其他项目'} 签收，又在 ${r.projectName} 签收`
          : `追溯码 ${r.code}（${r.productName ?? ''}）对应材料已安装或使用，又被扫描（${r.projectName}）`,
    };
  });
};
