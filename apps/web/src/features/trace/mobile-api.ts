import type { PublicTraceData } from '@jcbb/contract';
import { catalogueEndpoints } from '@jcbb/contract/catalogue.endpoints';
import { fillPath } from '@jcbb/contract/endpoint';
import { ledgerEndpoints } from '@jcbb/contract/ledger.endpoints';
import { traceEndpoints as api } from '@jcbb/contract/trace.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, download, keyOf } from '../../lib/api.ts';
import { type EvidenceToVerify, type VerificationReport, verifyEvidence } from '../ledger/public.ts';

/**
 * The public scan page's calls (/mobile/…; no sign-in, signed like every /open/ call), kept apart from the console's
 * api.ts so the page a buyer opens from a QR code loads no console code. Component tests spy on these.
 */
export const mobileTraceApi = {
  trace: (code: string) => call(api.publicTrace, { code }, { silent: true }),
  epcis: (code: string) => download(api.publicEpcis, { code }),
  ledgerEntry: (leafIndex: number) => call(ledgerEndpoints.entry, { leafIndex }, { silent: true }),
  inclusionProof: (leafIndex: number) => call(ledgerEndpoints.inclusionProof, { leafIndex }, { silent: true }),
};

export const publicTraceQuery = (code: string) =>
  queryOptions({ queryKey: keyOf(api.publicTrace, { code }), queryFn: () => mobileTraceApi.trace(code) });

/** The product picture, served to a plain <img> (the public catalogue's image address). */
export const productImageUrl = (productId: number, uploadId: number) =>
  fillPath(catalogueEndpoints.productImage.path, { productId, uploadId });

/** One record the page vouches for: an event of the chain, or the certificate. */
export interface RecordCheck {
  kind: 'event' | 'certificate';
  /** What the reader calls it: the step's name and date, or the certificate's number. */
  label: string;
  leafIndex: number | null;
  /** The event's hash id (ni:///sha-256;…?ver=CBV2.0); null for the certificate. */
  eventId: string | null;
  /** The content hash the page claims the ledger holds (the event's); null: whatever the entry holds (certificate). */
  contentSha256: string | null;
  ok: boolean;
  /** Why it failed, for the reader: not on the ledger, hash differs, proof or signature fails. */
  failure: 'missing' | 'hash' | 'proof' | 'signature' | 'unreachable' | null;
  /** The signed head the proof leads to (technical details). */
  rootHash: string | null;
  treeSize: number | null;
}

/** The records of a page to check: each event with its ledger leaf, and the certificate's leaf when it has one. */
export function recordsOf(data: PublicTraceData): Omit<RecordCheck, 'ok' | 'failure' | 'rootHash' | 'treeSize'>[] {
  const events = data.events.map((e, i) => ({
    kind: 'event' as const,
    label: `${data.custody[i]?.stepName ?? e.bizStep} ${e.eventTime.slice(0, 10)}`,
    leafIndex: e.leafIndex,
    eventId: e.eventId,
    contentSha256: e.contentSha256,
  }));
  const cert = data.certificate;
  return cert.leafIndex === null
    ? events
    : [
        ...events,
        {
          kind: 'certificate' as const,
          label: cert.certNo ?? cert.name ?? '',
          leafIndex: cert.leafIndex,
          eventId: null,
          contentSha256: null,
        },
      ];
}

const hashOfEventId = (eventId: string) => /^ni:\/\/\/sha-256;([0-9a-f]{64})\?ver=CBV2\.0$/.exec(eventId)?.[1] ?? null;

function failureOf(report: VerificationReport): RecordCheck['failure'] {
  const failed = report.checks.find((c) => !c.ok)?.key;
  if (!failed) return null;
  return failed === 'content' ? 'hash' : failed === 'signature' ? 'signature' : 'proof';
}

/**
 * Check every record of the page in this browser with the ledger's verifier (features/ledger): the entry at the
 * record's leaf must hold the event's content hash (itself the hash in the event's id), its bytes must hash to the
 * leaf, the inclusion proof must lead to the signed tree head, and the head's signature must hold under the
 * platform's public key. Nothing the server says about the outcome is taken on trust.
 */
export async function verifyRecords(data: PublicTraceData, publicKey: string): Promise<RecordCheck[]> {
  return Promise.all(
    recordsOf(data).map(async (r): Promise<RecordCheck> => {
      const base = { ...r, rootHash: null, treeSize: null };
      if (r.leafIndex === null) return { ...base, ok: false, failure: 'missing' };
      if (r.eventId !== null && hashOfEventId(r.eventId) !== r.contentSha256) {
        return { ...base, ok: false, failure: 'hash' };
      }
      let entry: Awaited<ReturnType<typeof mobileTraceApi.ledgerEntry>>;
      let proof: Awaited<ReturnType<typeof mobileTraceApi.inclusionProof>>;
      try {
        [entry, proof] = await Promise.all([
          mobileTraceApi.ledgerEntry(r.leafIndex),
          mobileTraceApi.inclusionProof(r.leafIndex),
        ]);
      } catch {
        return { ...base, ok: false, failure: 'unreachable' };
      }
      const evidence: EvidenceToVerify = {
        leafIndex: r.leafIndex,
        entry: entry.entry,
        leafHash: proof.leafHash,
        contentSha256: r.contentSha256 ?? entry.contentSha256,
        inclusionProof: proof.inclusionProof,
        sth: proof.sth,
      };
      const report = verifyEvidence(evidence, publicKey);
      return {
        ...base,
        ok: report.ok,
        failure: failureOf(report),
        rootHash: proof.sth.rootHash,
        treeSize: proof.sth.treeSize,
      };
    }),
  );
}
