// Only the proof module of the contract (noble-hashes and noble-curves): the public certificate page loads this,
// and must not pull zod and every schema of the contract's index with it.
import {
  bytesToHex,
  decodeLedgerEntry,
  hexToBytes,
  leafHash,
  verifyInclusion,
  verifyTreeHeadSignature,
} from '@jcbb/contract/ledger-proof';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** What the server sends for one ledger entry (contract: certificate.ts `ledgerEvidence`, ledger.ts records). */
export interface EvidenceToVerify {
  leafIndex: number;
  /** The entry's bytes, base64. */
  entry: string;
  /** The leaf hash the server claims (hex). */
  leafHash: string;
  /** SHA-256 (hex) the entry records. */
  contentSha256: string;
  /** The canonical JSON the entry vouches for, when the record is a platform record (a certificate). */
  content?: string | null;
  inclusionProof: readonly string[];
  sth: { treeSize: number; rootHash: string; timestamp: number; signature: string };
}

export type CheckKey = 'content' | 'leaf' | 'inclusion' | 'signature';

export interface CheckResult {
  key: CheckKey;
  ok: boolean;
  /** Values for the sentence that reports it (i18n interpolation). */
  values: Record<string, string | number>;
}

export interface VerificationReport {
  ok: boolean;
  checks: CheckResult[];
}

function base64ToBytes(value: string): Uint8Array {
  const binary = atob(value);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const isHex64 = (v: string) => /^[0-9a-f]{64}$/.test(v);

/** First and last hex digits of a key or hash, as people compare them by eye. */
export const fingerprint = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex);

/**
 * Check one ledger entry in this browser, without trusting the server's word (issue 5 item 5):
 * 1. content: the shown record (canonical JSON) hashes to the SHA-256 the entry records; `expected` fields (e.g.
 *    the certificate number on screen) must equal the record's (`file` entries: the file's hash the user has);
 * 2. leaf: the entry's bytes hash to the leaf hash (RFC 9162: SHA-256(0x00 ‖ entry));
 * 3. inclusion: the audit path leads from that leaf to the signed tree head's root;
 * 4. signature: the tree head carries a valid Ed25519 signature under the platform's public key.
 * Each check is reported separately; any malformed input makes that check fail, never throws.
 */
export function verifyEvidence(
  evidence: EvidenceToVerify,
  publicKeyHex: string,
  expected: Record<string, string | number | null | undefined> = {},
): VerificationReport {
  const checks: CheckResult[] = [];
  let entryBytes: Uint8Array | null = null;
  let recorded: string | null = null;
  try {
    entryBytes = base64ToBytes(evidence.entry);
    recorded = decodeLedgerEntry(entryBytes).contentSha256;
  } catch {
    entryBytes = null;
  }

  // 1. The record's content against the entry.
  {
    let ok = recorded !== null && recorded === evidence.contentSha256;
    if (ok && evidence.content != null) {
      ok = bytesToHex(sha256(utf8ToBytes(evidence.content))) === recorded;
      if (ok) ok = fieldsMatch(evidence.content, expected);
    } else if (ok && expected.contentSha256 !== undefined) {
      ok = expected.contentSha256 === recorded;
    }
    checks.push({ key: 'content', ok, values: { hash: fingerprint(recorded ?? evidence.contentSha256) } });
  }

  // 2. The entry's bytes against the leaf hash.
  let leaf: Uint8Array | null = null;
  if (entryBytes) leaf = leafHash(entryBytes);
  const leafOk = leaf !== null && isHex64(evidence.leafHash) && bytesToHex(leaf) === evidence.leafHash;
  checks.push({ key: 'leaf', ok: leafOk, values: { index: evidence.leafIndex, hash: fingerprint(evidence.leafHash) } });

  // 3. The audit path from the recomputed leaf (never the server's claim) to the signed root.
  const { sth } = evidence;
  let inclusionOk = false;
  try {
    inclusionOk =
      leaf !== null &&
      isHex64(sth.rootHash) &&
      evidence.inclusionProof.every(isHex64) &&
      verifyInclusion(
        leaf,
        evidence.leafIndex,
        sth.treeSize,
        evidence.inclusionProof.map((p) => hexToBytes(p)),
        hexToBytes(sth.rootHash),
      );
  } catch {
    inclusionOk = false;
  }
  checks.push({
    key: 'inclusion',
    ok: inclusionOk,
    values: { index: evidence.leafIndex, size: sth.treeSize, root: fingerprint(sth.rootHash) },
  });

  // 4. The tree head's signature.
  const signatureOk = verifyTreeHeadSignature(sth, publicKeyHex);
  checks.push({ key: 'signature', ok: signatureOk, values: { key: fingerprint(publicKeyHex), size: sth.treeSize } });

  return { ok: checks.every((c) => c.ok), checks };
}

/** The record's own fields must say what the page shows (only fields the record holds are compared). */
function fieldsMatch(content: string, expected: Record<string, string | number | null | undefined>): boolean {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(content) as Record<string, unknown>;
  } catch {
    return false;
  }
  return Object.entries(expected).every(
    ([key, value]) => value === undefined || value === null || !(key in record) || record[key] === value,
  );
}
