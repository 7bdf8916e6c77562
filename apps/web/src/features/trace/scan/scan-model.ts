import type { PublicTraceData } from '@jcbb/contract';
import type { CustodyStep, LotFacts } from '@jcbb/contract/trace-custody';
import type { ProofFailure, TraceProofReport } from '@jcbb/contract/trace-proof';

/**
 * What the scan page may present as fact, read from the browser's own check of the answer's proof
 * (`verifyTraceProof`, contract trace-proof.ts) and nothing else: the chain of custody and the transport carbon
 * from the events that checked, the lot's facts from the checked commissioning event's ILMD, the certificate's
 * number and validity from its checked ledger record. What the answer says beside the proof (the certificate's live
 * state, listing per city, scan count, alerts, picture) is the platform's current record and is kept apart, named
 * as not covered. Pure: no React, no I/O (docs/traceability.md, "The public scan page").
 */

/** Where a shown fact comes from: a record this browser checked, or the platform's answer alone. */
export type FactSource = 'proof' | 'platform';

export type LotFactKey = 'product' | 'spec' | 'maker' | 'batch' | 'productionDate' | 'expiryDate' | 'quantity';

export interface LotFact {
  key: LotFactKey;
  value: string;
  source: FactSource;
  /** The answer's own value when it is not the checked event's (the page shows the event's and says so). */
  answerSays: string | null;
}

export interface ChainEntry {
  leafIndex: number;
  eventID: string;
  ok: boolean;
  failure: ProofFailure | null;
  /** What the event says: only for an event that checked (a failed one shows nothing of its content). */
  step: CustodyStep | null;
}

export interface CertificateReading {
  /** The certificate's entry checked: number, holder, product and validity below are from the record. */
  ok: boolean;
  failure: ProofFailure | null;
  certNo: string | null;
  holder: string | null;
  product: string | null;
  validFrom: string | null;
  validUntil: string | null;
}

/** What lies outside the proof and is shown anyway, as the platform's current record. */
export type UncoveredKey =
  | 'certificateState'
  | 'certificate'
  | 'listings'
  | 'scanCount'
  | 'alerts'
  | 'picture'
  | 'status'
  | LotFactKey;

export interface ScanReading {
  /**
   * verified: every record checked and every fact of the proof part comes from one; partial: every record checked
   * but some fact of the proof part is the platform's record only (no checked event says it); failed: some record
   * did not check (under a wrong key, all of them).
   */
  state: 'verified' | 'partial' | 'failed';
  headOk: boolean;
  lot: LotFact[];
  chain: ChainEntry[];
  certificate: CertificateReading | null;
  /** Facts shown on the page that no checked record covers, in the order the page shows them. */
  uncovered: UncoveredKey[];
  checkedCount: number;
  failedCount: number;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The commissioning event that speaks of this code's lot: the one naming the code, else one of the same batch. */
function lotEvent(data: PublicTraceData, report: TraceProofReport) {
  const commissioning = report.events.filter((e) => e.ok && e.lot !== null);
  return (
    commissioning.find((e) => e.step.codes.includes(data.code)) ??
    commissioning.find((e) => e.lot?.batchNo === data.lot.batchNo) ??
    commissioning[0] ??
    null
  );
}

function lotFacts(data: PublicTraceData, report: TraceProofReport): LotFact[] {
  const event = lotEvent(data, report);
  const lot: LotFacts | null = event?.lot ?? null;
  const namesCode = event?.step.codes.includes(data.code) ?? false;
  const quantity = `${data.quantity} ${data.unitName}`;
  const eventQuantity =
    namesCode && lot?.unitsPerCode && lot.unitName && data.level === 'item'
      ? `${lot.unitsPerCode} ${lot.unitName}`
      : null;
  const pairs: [LotFactKey, string | null, string | null][] = [
    ['product', lot?.productName ?? null, data.product.name],
    ['spec', lot?.specName ?? null, data.product.specName],
    ['maker', lot?.makerName ?? null, data.maker.name],
    ['batch', lot?.batchNo ?? null, data.lot.batchNo],
    ['productionDate', lot?.productionDate ?? null, data.lot.productionDate],
    ['expiryDate', lot?.expiryDate ?? null, data.lot.expiryDate],
    ['quantity', eventQuantity, quantity],
  ];
  return pairs.flatMap(([key, fromEvent, fromAnswer]): LotFact[] => {
    const checked = str(fromEvent);
    const answer = str(fromAnswer);
    if (checked !== null) {
      return [
        { key, value: checked, source: 'proof', answerSays: answer !== null && answer !== checked ? answer : null },
      ];
    }
    return answer === null ? [] : [{ key, value: answer, source: 'platform', answerSays: null }];
  });
}

function certificateReading(report: TraceProofReport): CertificateReading | null {
  const c = report.certificate;
  if (!c) return null;
  const r = c.ok ? c.record : null;
  return {
    ok: c.ok,
    failure: c.failure,
    certNo: str(r?.certNo),
    holder: str(r?.holder),
    product: str(r?.product),
    validFrom: str(r?.validFrom),
    validUntil: str(r?.validUntil),
  };
}

/** Read the answer through the browser's check of its proof. */
export function readScan(data: PublicTraceData, report: TraceProofReport): ScanReading {
  const lot = lotFacts(data, report);
  const chain = report.events.map(
    (e): ChainEntry => ({
      leafIndex: e.leafIndex,
      eventID: e.eventID,
      ok: e.ok,
      failure: e.failure,
      step: e.ok ? e.step : null,
    }),
  );
  const certificate = certificateReading(report);
  const uncovered: UncoveredKey[] = lot.filter((f) => f.source === 'platform').map((f) => f.key);
  const lotUncovered = uncovered.length > 0;
  if (data.alerts.length > 0) uncovered.unshift('alerts');
  if (data.product.imageUploadId !== null) uncovered.push('picture');
  uncovered.push('status');
  // A platform certificate on the ledger is covered as a record (number, validity), never its state today.
  if (data.certificate.kind !== 'none' && !certificate?.ok) uncovered.push('certificate');
  uncovered.push('certificateState');
  if (data.listings.length > 0) uncovered.push('listings');
  uncovered.push('scanCount');
  const failedCount = chain.filter((e) => !e.ok).length + (certificate && !certificate.ok ? 1 : 0);
  const checkedCount = chain.length + (certificate ? 1 : 0) - failedCount;
  const state =
    !report.headOk || failedCount > 0 ? 'failed' : lotUncovered || chain.length === 0 ? 'partial' : 'verified';
  return { state, headOk: report.headOk, lot, chain, certificate, uncovered, checkedCount, failedCount };
}
