/**
 * Checking a trace code's proof (GET /open/trace/{code}/proof, and the `proof` of the scan page's answer) without
 * trusting the server (docs/traceability.md, "What the proof covers" and "Verifying a code from outside"). For every
 * event: its CBV 2.0 hash id recomputed from the event itself is its eventID, the ledger entry at its leaf records
 * that hash, the entry hashes to a leaf that the inclusion proof leads from to the root of the signed tree head, and
 * the head is signed by the ledger's key. A custody step is read (trace-custody.ts) from an event only when all of
 * that holds. The certificate's entry is checked the same way against the SHA-256 of the JSON it vouches for.
 *
 * The browser's scan page runs this; so do the server's tests, in the role of an outsider. No zod, no Node: the
 * public page loads it (with noble-hashes and noble-curves, through ledger-proof.ts and epcis.ts).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { eventHash } from './epcis.ts';
import { checkLedgerLeaf as checkLeaf, type LedgerLeafProof, verifyTreeHeadSignature } from './ledger-proof.ts';
import { type CustodyStep, custodyStep, type LotFacts, lotFactsOf } from './trace-custody.ts';

export type { LedgerLeafProof };

/** The proof of a code (contract trace.ts `traceProofData`), as plain data. */
export interface TraceProof {
  sth: { treeSize: number; rootHash: string; timestamp: number; signature: string };
  events: readonly (LedgerLeafProof & { event: Readonly<Record<string, unknown>> })[];
  certificate: (LedgerLeafProof & { content: string }) | null;
}

/**
 * Why a record did not check: its id is not the hash of its content (`id`), the ledger entry records another hash
 * (`content`), the entry is not the leaf the proof is for or is unreadable (`leaf`), the leaf is not in the signed tree
 * (`inclusion`), or the head's signature does not hold (`signature`, for every record).
 */
export type ProofFailure = 'id' | 'content' | 'leaf' | 'inclusion' | 'signature';

export interface EventCheck {
  leafIndex: number;
  eventID: string;
  ok: boolean;
  failure: ProofFailure | null;
  /** What the event says (read from the event whether or not it checked: show it only when `ok`). */
  step: CustodyStep;
  /** A commissioning event's lot facts (ILMD), else null. */
  lot: LotFacts | null;
}

export interface CertificateCheck {
  leafIndex: number;
  ok: boolean;
  failure: ProofFailure | null;
  /** The record the entry vouches for (certNo, validFrom, validUntil, …), parsed; null when it did not check. */
  record: Readonly<Record<string, unknown>> | null;
}

export interface TraceProofReport {
  /** The signed head's signature holds under the key. */
  headOk: boolean;
  events: EventCheck[];
  certificate: CertificateCheck | null;
  /** Every record checked. */
  ok: boolean;
}

/** Check every record of a code's proof with the ledger's public key (hex), as docs/traceability.md describes. */
export function verifyTraceProof(proof: TraceProof, publicKeyHex: string): TraceProofReport {
  let headOk = false;
  try {
    headOk = verifyTreeHeadSignature(proof.sth, publicKeyHex);
  } catch {
    headOk = false;
  }
  const events = proof.events.map((p): EventCheck => {
    const event = p.event as Record<string, unknown>;
    const base = { leafIndex: p.leafIndex, eventID: String(event.eventID ?? ''), step: custodyStep(event) };
    const lot = lotFactsOf(event);
    let hash: { sha256: string; id: string };
    try {
      hash = eventHash(event);
    } catch {
      return { ...base, lot, ok: false, failure: 'id' };
    }
    if (hash.id !== event.eventID) return { ...base, lot, ok: false, failure: 'id' };
    const leaf = checkLeaf(p, proof.sth, headOk);
    const failure = leaf.failure === 'leaf' ? 'leaf' : leaf.contentSha256 !== hash.sha256 ? 'content' : leaf.failure;
    return { ...base, lot, ok: failure === null, failure };
  });
  let certificate: CertificateCheck | null = null;
  if (proof.certificate) {
    const c = proof.certificate;
    const leaf = checkLeaf(c, proof.sth, headOk);
    const contentHash = bytesToHex(sha256(utf8ToBytes(c.content)));
    const failure = leaf.failure === 'leaf' ? 'leaf' : leaf.contentSha256 !== contentHash ? 'content' : leaf.failure;
    let record: Record<string, unknown> | null = null;
    if (failure === null) {
      try {
        const parsed: unknown = JSON.parse(c.content);
        record =
          parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
      } catch {
        record = null;
      }
    }
    certificate = { leafIndex: c.leafIndex, ok: failure === null && record !== null, failure, record };
  }
  return {
    headOk,
    events,
    certificate,
    ok: headOk && events.every((e) => e.ok) && (certificate === null || certificate.ok),
  };
}
