/**
 * The evidence ledger's proofs (issue 5, docs/design.md §5): an append-only Merkle tree as in RFC 9162 (Certificate
 * Transparency v2), tree heads signed with Ed25519. Pure TypeScript with no I/O, so the server that builds the
 * proofs and the browser that checks them run the very same code (noble-hashes, noble-curves; both audited).
 *
 * Formats (docs/decisions.md, "ledger"):
 * - hashes, keys and signatures travel as lowercase hex;
 * - an entry is the UTF-8 of its canonical JSON (`canonicalEntryJson`: keys sorted at every depth, no spaces);
 * - a signed tree head signs the UTF-8 bytes of `treeHeadSigningInput` (four lines, see there).
 *
 * Numbers are JavaScript numbers: exact up to 2^53, far beyond any tree this platform will hold. Bit arithmetic
 * is done with division so it stays correct above 2^31.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export const LEDGER_HASH_ALGORITHM = 'SHA-256';
export const LEDGER_SIGNATURE_ALGORITHM = 'Ed25519';
/** First line of the signed tree-head text: names the format, so a signature can never be replayed as another. */
export const TREE_HEAD_FORMAT = 'jcbb-ledger-tree-head/v1';

/**
 * The fingerprint people compare by eye: the first 128 bits of SHA-256 over the raw 32-byte public key, in groups of
 * four hex digits (`3f2a 9c1b …`). Printed on certificates and label sheets and at start-up, published beside the key
 * at /.well-known/jcbb-ledger-key.json (docs/traceability.md, "Verifying a code from outside").
 */
export function keyFingerprint(publicKeyHex: string): string {
  const hex = bytesToHex(sha256(hexToBytes(publicKeyHex))).slice(0, 32);
  return hex.match(/.{4}/g)?.join(' ') ?? hex;
}

export { bytesToHex, hexToBytes };

// ---------------------------------------------------------------------------------------------------------------
// Hashing (RFC 9162 §2.1.1)

/** Leaf hash: SHA-256(0x00 ‖ entry). */
export function leafHash(entry: Uint8Array): Uint8Array {
  const input = new Uint8Array(entry.length + 1);
  input[0] = 0x00;
  input.set(entry, 1);
  return sha256(input);
}

/** Interior node hash: SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = 0x01;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return sha256(input);
}

/** Hash of the empty tree: SHA-256 of no bytes. */
export function emptyRootHash(): Uint8Array {
  return sha256(new Uint8Array(0));
}

/** Largest power of two strictly smaller than n (n ≥ 2): the split point k of RFC 9162 §2.1.1. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Merkle tree hash MTH of a list of leaf hashes (RFC 9162 §2.1.1), computed bottom-up in O(n). */
export function merkleRootFromLeafHashes(leafHashes: readonly Uint8Array[]): Uint8Array {
  if (leafHashes.length === 0) return emptyRootHash();
  // Pairing left to right level by level and carrying an odd last node up gives exactly the RFC's split tree.
  let level = leafHashes.slice();
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2)
      next.push(nodeHash(level[i] as Uint8Array, level[i + 1] as Uint8Array));
    if (level.length % 2 === 1) next.push(level[level.length - 1] as Uint8Array);
    level = next;
  }
  return level[0] as Uint8Array;
}

/** MTH of a list of entries. */
export function merkleTreeHash(entries: readonly Uint8Array[]): Uint8Array {
  return merkleRootFromLeafHashes(entries.map(leafHash));
}

// ---------------------------------------------------------------------------------------------------------------
// Which subtrees a proof consists of (RFC 9162 §2.1.3.1 and §2.1.4.1), as half-open leaf ranges [start, end).
// The server turns each range into stored node hashes, tests into hashes of an in-memory list.

export type LeafRange = readonly [start: number, end: number];

/** The ranges whose MTH make up the inclusion proof of leaf m in a tree of n leaves (PATH(m, D[n])). */
export function inclusionProofRanges(m: number, n: number): LeafRange[] {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 0 || m >= n) {
    throw new RangeError(`no inclusion proof for leaf ${m} in a tree of ${n}`);
  }
  const out: LeafRange[] = [];
  const path = (index: number, start: number, end: number): void => {
    if (end - start <= 1) return;
    const k = splitPoint(end - start);
    if (index < k) {
      path(index, start, start + k);
      out.push([start + k, end]);
    } else {
      path(index - k, start + k, end);
      out.push([start, start + k]);
    }
  };
  path(m, 0, n);
  return out;
}

/** The ranges of the consistency proof between tree sizes m and n (PROOF(m, D[n]); empty when m = n). */
export function consistencyProofRanges(m: number, n: number): LeafRange[] {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 1 || m > n) {
    throw new RangeError(`no consistency proof between tree sizes ${m} and ${n}`);
  }
  const out: LeafRange[] = [];
  const subproof = (size: number, start: number, end: number, whole: boolean): void => {
    if (size === end - start) {
      if (!whole) out.push([start, end]);
      return;
    }
    const k = splitPoint(end - start);
    if (size <= k) {
      subproof(size, start, start + k, whole);
      out.push([start + k, end]);
    } else {
      subproof(size - k, start + k, end, false);
      out.push([start, start + k]);
    }
  };
  subproof(m, 0, n, true);
  return out;
}

/**
 * The complete (perfect, aligned) subtrees whose fold gives MTH of [start, end), largest first: every range a
 * proof names is such a union, so a server storing the hash of every complete subtree answers with O(log n)
 * lookups. A subtree is [level, index]: leaves index·2^level … (index+1)·2^level − 1.
 */
export function perfectSubtrees(start: number, end: number): Array<[level: number, index: number]> {
  const out: Array<[number, number]> = [];
  let at = start;
  while (at < end) {
    let size = 1;
    let level = 0;
    // Grow while the subtree stays aligned at `at` and inside the range.
    while (at % (size * 2) === 0 && at + size * 2 <= end) {
      size *= 2;
      level += 1;
    }
    out.push([level, at / size]);
    at += size;
  }
  return out;
}

/** Fold the hashes of `perfectSubtrees(start, end)` (in that order) into the range's MTH: right to left. */
export function foldSubtreeHashes(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length === 0) throw new RangeError('empty range');
  let acc = hashes[hashes.length - 1] as Uint8Array;
  for (let i = hashes.length - 2; i >= 0; i--) acc = nodeHash(hashes[i] as Uint8Array, acc);
  return acc;
}

/** Inclusion proof of leaf m among the given leaf hashes (in memory: tests, small trees). */
export function inclusionProof(leafHashes: readonly Uint8Array[], m: number): Uint8Array[] {
  return inclusionProofRanges(m, leafHashes.length).map(([s, e]) => merkleRootFromLeafHashes(leafHashes.slice(s, e)));
}

/** Consistency proof between the first m leaf hashes and all of them (in memory). */
export function consistencyProof(leafHashes: readonly Uint8Array[], m: number): Uint8Array[] {
  return consistencyProofRanges(m, leafHashes.length).map(([s, e]) => merkleRootFromLeafHashes(leafHashes.slice(s, e)));
}

// ---------------------------------------------------------------------------------------------------------------
// Verification (RFC 9162 §2.1.3.2 and §2.1.4.2), transcribed step by step.

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

const isOdd = (x: number) => x % 2 === 1;
const half = (x: number) => Math.floor(x / 2);

/** Does `proof` show that the leaf with hash `leaf` sits at `leafIndex` of the tree of `treeSize` with `root`? */
export function verifyInclusion(
  leaf: Uint8Array,
  leafIndex: number,
  treeSize: number,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize)) return false;
  if (leafIndex < 0 || leafIndex >= treeSize) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of proof) {
    if (p.length !== 32) return false;
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(r, root);
}

/** Does `proof` show that the tree of `firstSize` with `firstRoot` is a prefix of the one of `secondSize`? */
export function verifyConsistency(
  firstSize: number,
  secondSize: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!Number.isSafeInteger(firstSize) || !Number.isSafeInteger(secondSize)) return false;
  if (firstSize < 0 || firstSize > secondSize) return false;
  if (proof.some((p) => p.length !== 32)) return false;
  if (firstSize === secondSize) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  // The empty tree is a prefix of every tree; there is nothing to prove.
  if (firstSize === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  // A first tree that is a complete subtree is itself the proof's starting node.
  const nodes = isPowerOfTwo(firstSize) ? [firstRoot, ...proof] : [...proof];
  let fn = firstSize - 1;
  let sn = secondSize - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = nodes[0] as Uint8Array;
  let sr = nodes[0] as Uint8Array;
  for (const c of nodes.slice(1)) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}

function isPowerOfTwo(x: number): boolean {
  let v = x;
  while (v > 1 && v % 2 === 0) v /= 2;
  return v === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Entries and signed tree heads

export type LedgerMetaValue = string | number | boolean | null;

/** What one log entry says: a hash and metadata, never personal data (no person's name, no mobile number). */
export interface LedgerEntryFields {
  /** Format version of the entry. */
  v: 1;
  /** 'document' | 'certificate' | 'revocation' | … */
  kind: string;
  orgId: number | null;
  /** SHA-256 (hex) of the document or record the entry vouches for. */
  contentSha256: string;
  /** Milliseconds since the epoch when the entry was appended. */
  timestamp: number;
  meta: Record<string, LedgerMetaValue>;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * The ledger's canonical JSON, the bytes entries and certificate contents are hashed over: object keys sorted by
 * UTF-16 code unit at every depth, no insignificant space, JSON values only (a non-finite number is refused, an
 * undefined member dropped). Frozen: changing it would break every stored hash. Not request signing's
 * `canonicalJson` in `signing.ts` (code-point key order, lenient about non-JSON values), which only has to agree
 * between client and server at one moment (docs/decisions.md, "Canonical JSON: wire signing vs ledger bytes").
 */
export function canonicalEntryJson(value: Json): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON holds finite numbers only');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalEntryJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys
    .filter((k) => value[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalEntryJson(value[k] as Json)}`)
    .join(',')}}`;
}

/** The bytes of an entry as stored and hashed: UTF-8 of its canonical JSON. */
export function encodeLedgerEntry(fields: LedgerEntryFields): Uint8Array {
  return utf8ToBytes(canonicalEntryJson(fields as unknown as Json));
}

/** Read stored entry bytes back (for display; the hash is always taken over the bytes themselves). */
export function decodeLedgerEntry(bytes: Uint8Array): LedgerEntryFields {
  return JSON.parse(new TextDecoder().decode(bytes)) as LedgerEntryFields;
}

export interface TreeHead {
  treeSize: number;
  /** Root hash, hex. */
  rootHash: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

export interface SignedTreeHead extends TreeHead {
  /** Ed25519 signature over `treeHeadSigningInput`, hex. */
  signature: string;
}

/**
 * The exact bytes a tree head's signature covers: UTF-8 of four lines, each ending in "\n":
 *   jcbb-ledger-tree-head/v1
 *   tree_size=<decimal>
 *   timestamp=<decimal milliseconds since 1970-01-01T00:00:00Z>
 *   root_hash=<64 lowercase hex digits>
 */
export function treeHeadSigningInput(head: TreeHead): Uint8Array {
  if (!Number.isSafeInteger(head.treeSize) || head.treeSize < 0) throw new RangeError('bad tree size');
  if (!Number.isSafeInteger(head.timestamp) || head.timestamp < 0) throw new RangeError('bad timestamp');
  if (!/^[0-9a-f]{64}$/.test(head.rootHash)) throw new RangeError('bad root hash');
  return utf8ToBytes(
    `${TREE_HEAD_FORMAT}\ntree_size=${head.treeSize}\ntimestamp=${head.timestamp}\nroot_hash=${head.rootHash}\n`,
  );
}

/** Sign a tree head with a 32-byte Ed25519 secret key (the server's side). */
export function signTreeHead(head: TreeHead, secretKey: Uint8Array): SignedTreeHead {
  return { ...head, signature: bytesToHex(ed25519.sign(treeHeadSigningInput(head), secretKey)) };
}

/** Public key (32 bytes) of an Ed25519 secret key. */
export function ledgerPublicKey(secretKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(secretKey);
}

/** Is the head's signature valid under `publicKeyHex`? False on any malformed input, never a throw. */
export function verifyTreeHeadSignature(head: SignedTreeHead, publicKeyHex: string): boolean {
  try {
    if (!/^[0-9a-f]{128}$/.test(head.signature) || !/^[0-9a-f]{64}$/.test(publicKeyHex)) return false;
    return ed25519.verify(hexToBytes(head.signature), treeHeadSigningInput(head), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}

/** Everything a verifier needs to check that an entry is in the log, as the server sends it. */
export interface InclusionCheck {
  entryHash: string;
  leafIndex: number;
  proof: readonly string[];
  head: SignedTreeHead;
}

/** Check an inclusion proof against a signed head and the log's public key: both must hold. */
export function verifyInclusionAgainstSignedHead(check: InclusionCheck, publicKeyHex: string): boolean {
  try {
    if (!verifyTreeHeadSignature(check.head, publicKeyHex)) return false;
    if (!/^[0-9a-f]{64}$/.test(check.entryHash) || check.proof.some((p) => !/^[0-9a-f]{64}$/.test(p))) return false;
    return verifyInclusion(
      hexToBytes(check.entryHash),
      check.leafIndex,
      check.head.treeSize,
      check.proof.map((p) => hexToBytes(p)),
      hexToBytes(check.head.rootHash),
    );
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Checking one entry as a page receives it (trace-proof.ts, distribution-proof.ts)

/** One ledger entry with its inclusion proof, as the public answers carry it. */
export interface LedgerLeafProof {
  leafIndex: number;
  /** The entry's bytes, base64. */
  entry: string;
  leafHash: string;
  inclusionProof: readonly string[];
}

/**
 * Why an entry did not check: it is not the leaf the proof is for or is unreadable (`leaf`), the leaf is not in the
 * signed tree (`inclusion`), or the head's signature does not hold (`signature`).
 */
export type LeafFailure = 'leaf' | 'inclusion' | 'signature';

export function base64ToBytes(value: string): Uint8Array {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const isHex64 = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);

/**
 * The entry, the content hash it records and whether it sits at its leaf under the head (`headOk`: the caller
 * checked the head's signature); a failure when not. Never throws.
 */
export function checkLedgerLeaf(
  leaf: LedgerLeafProof,
  sth: TreeHead,
  headOk: boolean,
): { contentSha256: string | null; entry: LedgerEntryFields | null; failure: LeafFailure | null } {
  let entryBytes: Uint8Array;
  let entry: LedgerEntryFields;
  try {
    entryBytes = base64ToBytes(leaf.entry);
    entry = decodeLedgerEntry(entryBytes);
    if (entry === null || typeof entry !== 'object') throw new TypeError('not an entry');
  } catch {
    return { contentSha256: null, entry: null, failure: 'leaf' };
  }
  const contentSha256 = typeof entry.contentSha256 === 'string' ? entry.contentSha256 : null;
  const computed = leafHash(entryBytes);
  if (bytesToHex(computed) !== leaf.leafHash) return { contentSha256, entry, failure: 'leaf' };
  if (!isHex64(sth.rootHash) || !Array.isArray(leaf.inclusionProof) || !leaf.inclusionProof.every(isHex64))
    return { contentSha256, entry, failure: 'inclusion' };
  const included = verifyInclusion(
    computed,
    leaf.leafIndex,
    sth.treeSize,
    leaf.inclusionProof.map((p) => hexToBytes(p)),
    hexToBytes(sth.rootHash),
  );
  if (!included) return { contentSha256, entry, failure: 'inclusion' };
  return { contentSha256, entry, failure: headOk ? null : 'signature' };
}
