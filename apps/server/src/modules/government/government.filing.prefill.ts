import { FilingEvidenceKind, FilingLineSource, ProcurementMethod, type ProcurementMethodValue } from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import type { Tx } from '../../db/client.ts';
import { placeLine, policyOf } from '../procurement/index.ts';
import * as repo from './government.filing.repository.ts';

/**
 * The prefill (docs/government.md, "Filing: prefill"): every lot the site accepted in the quarter (its inspection
 * released or conceded) becomes a system line — placed in the project's edition, its supplier, its amount from the
 * price of the purchase order line (or sales contract line) the shipment drew down, its method from how the order
 * came about, its evidence from the shipment line's snapshot (a platform certificate) or the site's record (another
 * body's certificate). `prefill` names the records, `prefill_values` keeps the values as prefilled, so a person's
 * change of a field shows as changed.
 */

/** The fields of a line a person may change, compared with `prefill_values`. */
export const LINE_FIELDS = [
  'classifyCode',
  'commonName',
  'spec',
  'quantity',
  'unit',
  'amountFen',
  'supplierOrgId',
  'supplierName',
  'supplierCreditCode',
  'procurementMethod',
  'isGreen',
  'evidenceKind',
  'certificateNo',
  'certificateBody',
  'star',
  'reportNo',
  'reportDate',
  'deliveryDate',
] as const;
export type LineField = (typeof LINE_FIELDS)[number];
export type LineValues = Record<LineField, string | number | boolean | null>;

/** A line's values as the grid compares them (quantities as thousandths). */
export function comparable(v: LineValues): LineValues {
  return { ...v, quantity: toMilli(v.quantity as string | number) };
}

const amountOf = (quantity: string, unitPriceFen: string | null) =>
  unitPriceFen === null ? 0 : Math.round((toMilli(quantity) * Number(unitPriceFen)) / 1000);

function methodOf(c: repo.PrefillCandidate, fallback: ProcurementMethodValue): ProcurementMethodValue {
  if (c.order_origin === 'inquiry') return ProcurementMethod.INQUIRY;
  if (c.order_origin === 'direct') return ProcurementMethod.E_MALL;
  return fallback;
}

type Evidence = Pick<
  LineValues,
  'isGreen' | 'evidenceKind' | 'certificateNo' | 'certificateBody' | 'star' | 'reportNo' | 'reportDate'
> & { certificateId: number | null; claimedGreen: boolean };

function evidenceOf(c: repo.PrefillCandidate, certs: Map<string, repo.CertificateFact>): Evidence {
  const none: Evidence = {
    isGreen: false,
    evidenceKind: FilingEvidenceKind.NONE,
    certificateId: null,
    certificateNo: null,
    certificateBody: null,
    star: null,
    reportNo: null,
    reportDate: null,
    claimedGreen: false,
  };
  const platform = (cert: repo.CertificateFact): Evidence => ({
    ...none,
    isGreen: cert.star !== null,
    evidenceKind: FilingEvidenceKind.PLATFORM_CERTIFICATE,
    certificateId: cert.id,
    certificateNo: cert.certNo,
    certificateBody: cert.issuerName,
    star: cert.star,
    claimedGreen: cert.star === null,
  });
  const snapshotCert = c.evidence?.kind === 'certificate' && c.evidence.certNo ? certs.get(c.evidence.certNo) : null;
  if (snapshotCert) return platform(snapshotCert);
  if (c.evidence?.kind === 'test_report' && c.evidence.name) {
    return {
      ...none,
      isGreen: c.report_date !== null,
      evidenceKind: FilingEvidenceKind.TEST_REPORT,
      reportNo: c.evidence.name,
      reportDate: c.report_date,
      claimedGreen: c.report_date === null,
    };
  }
  const siteCert = c.green_cert_no ? certs.get(c.green_cert_no) : null;
  if (siteCert) return platform(siteCert);
  if (c.is_green || c.green_cert_no || (c.evidence?.kind === 'certificate' && c.evidence.certNo)) {
    // Another body's certificate: the platform knows no star, so the line waits for the filer to complete it.
    return {
      ...none,
      evidenceKind: FilingEvidenceKind.EXTERNAL_CERTIFICATE,
      certificateNo: c.green_cert_no ?? c.evidence?.certNo ?? null,
      certificateBody: c.green_cert_body,
      claimedGreen: true,
    };
  }
  return none;
}

/** The system lines of the platform's records not yet in the filing, numbered after `lastLineNo`. */
export async function prefillLines(
  tx: Tx,
  f: { id: number; projectId: number; defaultMethod: string },
  project: { standardEdition: string | null; inPolicyScope: boolean },
  range: { from: string; to: string },
  lastLineNo: number,
): Promise<repo.LineInsert[]> {
  const candidates = await repo.prefillCandidates(tx, f.projectId, range.from, range.to, f.id);
  if (candidates.length === 0) return [];
  const policy = await policyOf(tx, project.inPolicyScope ? project.standardEdition : null);
  const nos = candidates.flatMap((c) => [c.evidence?.certNo ?? null, c.green_cert_no].filter((n) => n !== null));
  const certs = new Map((await repo.certificateFacts(tx, { nos: nos as string[] })).map((c) => [c.certNo, c]));
  return candidates.map((c, i) => {
    const { category, kind } = c.classify_code
      ? placeLine(policy, c.classify_code)
      : { category: null, kind: 'outside' as const };
    const unitPrice = c.order_unit_price_fen ?? c.contract_unit_price_fen;
    const { certificateId, claimedGreen, ...evidence } = evidenceOf(c, certs);
    const values: LineValues = {
      classifyCode: c.classify_code,
      commonName: c.material_name,
      spec: c.spec_name,
      quantity: c.quantity,
      unit: c.unit_name,
      amountFen: amountOf(c.quantity, unitPrice),
      supplierOrgId: c.supplier_org_id,
      supplierName: c.supplier_name,
      supplierCreditCode: c.supplier_credit_code ?? c.org_credit_code,
      procurementMethod: methodOf(c, f.defaultMethod as ProcurementMethodValue),
      ...evidence,
      deliveryDate: c.arrived_on,
    };
    return {
      filingId: f.id,
      lineNo: lastLineNo + i + 1,
      source: FilingLineSource.SYSTEM,
      prefill: {
        deliveryId: c.delivery_id,
        deliveryNumber: c.delivery_number,
        inspectionId: c.inspection_id,
        inspectionNumber: c.inspection_number,
        receiptId: c.receipt_id,
        shipmentId: c.shipment_id,
        shipmentNumber: c.shipment_number,
        orderId: c.order_id,
        orderNumber: c.order_number,
        orderLineId: c.order_line_id,
        contractLineId: c.contract_line_id,
        certificateId,
      },
      prefillValues: { ...values, claimedGreen },
      changedFields: [],
      editionCode: policy.editionCode,
      categoryCode: category?.code ?? null,
      standardKind: kind,
      classifyCode: c.classify_code,
      commonName: c.material_name,
      spec: c.spec_name,
      quantity: c.quantity,
      unit: c.unit_name,
      amountFen: values.amountFen as number,
      supplierOrgId: c.supplier_org_id,
      supplierName: c.supplier_name,
      supplierCreditCode: values.supplierCreditCode as string | null,
      procurementMethod: values.procurementMethod as string,
      isGreen: evidence.isGreen as boolean,
      evidenceKind: evidence.evidenceKind as string,
      certificateId,
      certificateNo: evidence.certificateNo as string | null,
      certificateBody: evidence.certificateBody as string | null,
      star: evidence.star as number | null,
      reportNo: evidence.reportNo as string | null,
      reportDate: evidence.reportDate as string | null,
      deliveryDate: c.arrived_on,
      productId: c.product_id,
    };
  });
}
