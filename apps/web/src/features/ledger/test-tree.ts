import {
  bytesToHex,
  encodeLedgerEntry,
  inclusionProof,
  leafHash,
  ledgerPublicKey,
  merkleRootFromLeafHashes,
  signTreeHead,
} from '@jcbb/contract/ledger-proof';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { EvidenceToVerify } from './verify-evidence.ts';

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * A real small ledger built with the contract's own functions (tests only): `size` entries, the one at `index` a
 * certificate record whose content the evidence carries, a head signed with a fresh Ed25519 key.
 */
export function buildTestLedger(size = 7, index = 4) {
  const secretKey = new Uint8Array(32).map((_, i) => (i * 7 + 3) % 256);
  const publicKey = bytesToHex(ledgerPublicKey(secretKey));
  // The record's canonical text (keys already in order).
  const content = JSON.stringify({ certNo: 'CGBM-2026-000001', format: 'jcbb-certificate/v1', holder: '南京绿筑' });
  const contentSha256 = bytesToHex(sha256(utf8ToBytes(content)));
  const entries = Array.from({ length: size }, (_, i) =>
    encodeLedgerEntry({
      v: 1,
      kind: i === index ? 'certificate' : 'document',
      orgId: 1,
      contentSha256: i === index ? contentSha256 : bytesToHex(sha256(utf8ToBytes(`file ${i}`))),
      timestamp: 1_780_000_000_000 + i,
      meta: {},
    }),
  );
  const leaves = entries.map(leafHash);
  const head = signTreeHead(
    { treeSize: size, rootHash: bytesToHex(merkleRootFromLeafHashes(leaves)), timestamp: 1_780_000_100_000 },
    secretKey,
  );
  const evidence: EvidenceToVerify = {
    leafIndex: index,
    entry: toBase64(entries[index] as Uint8Array),
    leafHash: bytesToHex(leaves[index] as Uint8Array),
    contentSha256,
    content,
    inclusionProof: inclusionProof(leaves, index).map((p) => bytesToHex(p)),
    sth: head,
  };
  return { evidence, publicKey, secretKey, entries, toBase64 };
}

/** Flip one hex digit (a tampered hash or signature). */
export function flipHex(hex: string, at = 0): string {
  const c = hex[at] === '0' ? '1' : '0';
  return `${hex.slice(0, at)}${c}${hex.slice(at + 1)}`;
}
