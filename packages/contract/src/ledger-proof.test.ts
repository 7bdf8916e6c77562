import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  canonicalEntryJson,
  consistencyProof,
  consistencyProofRanges,
  encodeLedgerEntry,
  foldSubtreeHashes,
  hexToBytes,
  inclusionProof,
  leafHash,
  ledgerPublicKey,
  merkleRootFromLeafHashes,
  merkleTreeHash,
  perfectSubtrees,
  signTreeHead,
  treeHeadSigningInput,
  verifyConsistency,
  verifyInclusion,
  verifyInclusionAgainstSignedHead,
  verifyTreeHeadSignature,
} from './ledger-proof.ts';

/*
 * Test vectors of the Certificate Transparency reference code (transparency-dev/merkle, proof/verify_test.go and
 * rfc6962/rfc6962_test.go; the same as google/certificate-transparency's merkle tree tests): eight leaves, the
 * roots of their first 1…8, and known inclusion and consistency proofs.
 */
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(
  (h) => hexToBytes(h),
);
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** [leafIndex (0-based), treeSize, proof]. */
const INCLUSION: Array<[number, number, string[]]> = [
  [0, 1, []],
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    1,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
/** [size1, size2, proof]. */
const CONSISTENCY: Array<[number, number, string[]]> = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];

const hashes = LEAVES.map(leafHash);
const hex = (b: Uint8Array) => bytesToHex(b);
const flip = (b: Uint8Array, bit = 0) => {
  const c = b.slice();
  c[bit >> 3] = (c[bit >> 3] as number) ^ (1 << (bit & 7));
  return c;
};

describe('RFC 6962 / 9162 test vectors', () => {
  it('hashes the empty tree, leaves and the roots of the first 1…8 leaves', () => {
    expect(hex(merkleTreeHash([]))).toBe(EMPTY_ROOT);
    expect(hex(leafHash(new Uint8Array(0)))).toBe(ROOTS[0]);
    for (let n = 1; n <= 8; n++) expect(hex(merkleTreeHash(LEAVES.slice(0, n)))).toBe(ROOTS[n - 1]);
  });

  it('builds and verifies the known inclusion proofs, and rejects corrupted ones', () => {
    for (const [m, n, proof] of INCLUSION) {
      const tree = hashes.slice(0, n);
      expect(inclusionProof(tree, m).map(hex)).toEqual(proof);
      const p = proof.map((h) => hexToBytes(h));
      const root = hexToBytes(ROOTS[n - 1] as string);
      const leaf = hashes[m] as Uint8Array;
      expect(verifyInclusion(leaf, m, n, p, root)).toBe(true);
      expect(verifyInclusion(leaf, m + 1, n, p, root)).toBe(false);
      expect(verifyInclusion(leaf, m, n * 2, p, root)).toBe(false);
      expect(verifyInclusion(flip(leaf), m, n, p, root)).toBe(false);
      expect(verifyInclusion(leaf, m, n, p, hexToBytes(EMPTY_ROOT))).toBe(false);
      expect(verifyInclusion(leaf, m, n, [...p, root], root)).toBe(false);
      expect(verifyInclusion(leaf, m, n, [root, ...p], root)).toBe(false);
      if (m > 0) expect(verifyInclusion(leaf, m - 1, n, p, root)).toBe(false);
      if (n > 1) expect(verifyInclusion(leaf, m, Math.floor(n / 2), p, root)).toBe(false);
      if (p.length > 0) expect(verifyInclusion(leaf, m, n, p.slice(0, -1), root)).toBe(false);
      for (let i = 0; i < p.length; i++) {
        const bad = p.slice();
        bad[i] = flip(bad[i] as Uint8Array, 3);
        expect(verifyInclusion(leaf, m, n, bad, root)).toBe(false);
      }
    }
  });

  it('refuses inclusion outside the tree', () => {
    const some = sha256(new Uint8Array([1]));
    for (const [m, n] of [
      [0, 0],
      [1, 0],
      [2, 1],
    ] as const) {
      expect(verifyInclusion(some, m, n, [], hexToBytes(EMPTY_ROOT))).toBe(false);
    }
  });

  it('builds and verifies the known consistency proofs, and rejects corrupted ones', () => {
    for (const [m, n, proof] of CONSISTENCY) {
      expect(consistencyProof(hashes.slice(0, n), m).map(hex)).toEqual(proof);
      const p = proof.map((h) => hexToBytes(h));
      const r1 = hexToBytes(ROOTS[m - 1] as string);
      const r2 = hexToBytes(ROOTS[n - 1] as string);
      expect(verifyConsistency(m, n, r1, r2, p)).toBe(true);
      if (p.length === 0) continue;
      expect(verifyConsistency(m - 1, n, r1, r2, p)).toBe(false);
      expect(verifyConsistency(m + 1, n, r1, r2, p)).toBe(false);
      expect(verifyConsistency(m, n * 2, r1, r2, p)).toBe(false);
      expect(verifyConsistency(m, n, r2, r1, p)).toBe(false);
      expect(verifyConsistency(m, n, r1, r2, [])).toBe(false);
      expect(verifyConsistency(m, n, r1, r2, [...p, r1])).toBe(false);
      expect(verifyConsistency(m, n, r1, r2, [p[0] as Uint8Array, ...p])).toBe(false);
      expect(verifyConsistency(m, n, r1, r2, p.slice(0, -1))).toBe(false);
      for (let i = 0; i < p.length; i++) {
        const bad = p.slice();
        bad[i] = flip(bad[i] as Uint8Array, 4);
        expect(verifyConsistency(m, n, r1, r2, bad)).toBe(false);
      }
    }
  });

  it('treats the empty tree and equal sizes as the reference does', () => {
    const a = hexToBytes(ROOTS[0] as string);
    const b = hexToBytes(ROOTS[1] as string);
    expect(verifyConsistency(0, 0, a, a, [])).toBe(true);
    expect(verifyConsistency(0, 1, a, b, [])).toBe(true);
    expect(verifyConsistency(1, 1, a, b, [])).toBe(false);
    expect(verifyConsistency(1, 0, a, b, [])).toBe(false);
    expect(verifyConsistency(1, 2, a, b, [])).toBe(false);
    expect(verifyConsistency(1, 1, a, a, [a])).toBe(false);
  });
});

/**
 * Random trees: leaf hashes of random bytes, each prefixed with its position so no two leaves are equal (with
 * equal leaves, "the same leaf at another index" is a true statement, not a forgery).
 */
const treeArb = fc
  .array(fc.uint8Array({ minLength: 0, maxLength: 8 }), { minLength: 1, maxLength: 70 })
  .map((entries) => entries.map((e, i) => leafHash(new Uint8Array([i, ...e]))));

describe('property: proofs of random trees', () => {
  it('the in-memory root equals the fold of perfect subtrees (what the server stores)', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.nat(), (tree, a, b) => {
        const start = a % tree.length;
        const end = start + 1 + (b % (tree.length - start));
        const viaSubtrees = foldSubtreeHashes(
          perfectSubtrees(start, end).map(([level, index]) =>
            merkleRootFromLeafHashes(tree.slice(index * 2 ** level, (index + 1) * 2 ** level)),
          ),
        );
        // Only ranges a proof can name are folds of subtrees; [0, end) always is.
        expect(
          hex(
            foldSubtreeHashes(
              perfectSubtrees(0, end).map(([l, i]) =>
                merkleRootFromLeafHashes(tree.slice(i * 2 ** l, (i + 1) * 2 ** l)),
              ),
            ),
          ),
        ).toBe(hex(merkleRootFromLeafHashes(tree.slice(0, end))));
        expect(viaSubtrees.length).toBe(32);
      }),
    );
  });

  it('every inclusion proof verifies; any change to leaf, index, size, root or a proof node fails', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.nat(), fc.nat(255), (tree, a, pick, bit) => {
        const n = tree.length;
        const m = a % n;
        const root = merkleRootFromLeafHashes(tree);
        const proof = inclusionProof(tree, m);
        const leaf = tree[m] as Uint8Array;
        expect(verifyInclusion(leaf, m, n, proof, root)).toBe(true);
        expect(verifyInclusion(flip(leaf, bit), m, n, proof, root)).toBe(false);
        expect(verifyInclusion(leaf, m, n, proof, flip(root, bit))).toBe(false);
        if (n > 1) expect(verifyInclusion(leaf, (m + 1 + (pick % (n - 1))) % n, n, proof, root)).toBe(false);
        // A size of another depth changes the path's shape. (Some nearby sizes share it, e.g. leaf 0 of 3 and of 4:
        // the size is bound to the root by the signed head, tested below.)
        expect(verifyInclusion(leaf, m, n * 2, proof, root)).toBe(false);
        if (proof.length > 0) {
          const i = pick % proof.length;
          const bad = proof.slice();
          bad[i] = flip(bad[i] as Uint8Array, bit);
          expect(verifyInclusion(leaf, m, n, bad, root)).toBe(false);
        }
      }),
    );
  });

  it('every consistency proof verifies; any change to a root, a size or a proof node fails', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.nat(), fc.nat(255), (tree, a, pick, bit) => {
        const n = tree.length;
        const m = 1 + (a % n);
        const r1 = merkleRootFromLeafHashes(tree.slice(0, m));
        const r2 = merkleRootFromLeafHashes(tree);
        const proof = consistencyProof(tree, m);
        expect(consistencyProofRanges(m, n).length).toBe(proof.length);
        expect(verifyConsistency(m, n, r1, r2, proof)).toBe(true);
        expect(verifyConsistency(m, n, flip(r1, bit), r2, proof)).toBe(false);
        expect(verifyConsistency(m, n, r1, flip(r2, bit), proof)).toBe(false);
        if (m < n) {
          expect(verifyConsistency(m, n * 2, r1, r2, proof)).toBe(false);
          const i = pick % proof.length;
          const bad = proof.slice();
          bad[i] = flip(bad[i] as Uint8Array, bit);
          expect(verifyConsistency(m, n, r1, r2, bad)).toBe(false);
        }
      }),
    );
  });

  it('a signed head verifies; changing its size, root, timestamp, signature or key fails', () => {
    const secret = sha256(new TextEncoder().encode('test key'));
    const pub = hex(ledgerPublicKey(secret));
    const other = hex(ledgerPublicKey(sha256(new TextEncoder().encode('other key'))));
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.nat({ max: 2 ** 45 }), fc.nat(511), (tree, a, timestamp, bit) => {
        const m = a % tree.length;
        const head = signTreeHead(
          { treeSize: tree.length, rootHash: hex(merkleRootFromLeafHashes(tree)), timestamp },
          secret,
        );
        const check = {
          entryHash: hex(tree[m] as Uint8Array),
          leafIndex: m,
          proof: inclusionProof(tree, m).map(hex),
          head,
        };
        expect(verifyTreeHeadSignature(head, pub)).toBe(true);
        expect(verifyInclusionAgainstSignedHead(check, pub)).toBe(true);
        expect(verifyTreeHeadSignature(head, other)).toBe(false);
        expect(verifyTreeHeadSignature({ ...head, treeSize: head.treeSize + 1 }, pub)).toBe(false);
        expect(verifyTreeHeadSignature({ ...head, timestamp: timestamp + 1 }, pub)).toBe(false);
        expect(
          verifyTreeHeadSignature({ ...head, rootHash: hex(flip(hexToBytes(head.rootHash), bit % 256)) }, pub),
        ).toBe(false);
        expect(verifyTreeHeadSignature({ ...head, signature: hex(flip(hexToBytes(head.signature), bit)) }, pub)).toBe(
          false,
        );
        expect(
          verifyInclusionAgainstSignedHead({ ...check, entryHash: hex(flip(tree[m] as Uint8Array, bit % 256)) }, pub),
        ).toBe(false);
      }),
      { numRuns: 50 },
    );
    // Some 350 pure-JavaScript Ed25519 operations: about 2 s on a quiet machine, past the 5 s default when busy.
  }, 30_000);
});

describe('formats', () => {
  it('encodes entries as sorted, compact UTF-8 JSON', () => {
    const bytes = encodeLedgerEntry({
      v: 1,
      kind: 'document',
      orgId: 7,
      contentSha256: 'ab'.repeat(32),
      timestamp: 1700000000000,
      meta: { title: '检测报告', b: null, a: true },
    });
    expect(new TextDecoder().decode(bytes)).toBe(
      `{"contentSha256":"${'ab'.repeat(32)}","kind":"document","meta":{"a":true,"b":null,"title":"检测报告"},"orgId":7,"timestamp":1700000000000,"v":1}`,
    );
    expect(() => canonicalEntryJson({ x: Number.NaN })).toThrow();
  });

  it('signs the documented four-line text, with a standard Ed25519 signature', () => {
    const head = { treeSize: 3, rootHash: ROOTS[2] as string, timestamp: 1700000000000 };
    expect(new TextDecoder().decode(treeHeadSigningInput(head))).toBe(
      `jcbb-ledger-tree-head/v1\ntree_size=3\ntimestamp=1700000000000\nroot_hash=${ROOTS[2]}\n`,
    );
    // RFC 8032 test 1's key: the signature checks with noble's plain verify too (no custom scheme).
    const secret = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
    expect(hex(ledgerPublicKey(secret))).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    const signed = signTreeHead(head, secret);
    expect(ed25519.verify(hexToBytes(signed.signature), treeHeadSigningInput(head), ledgerPublicKey(secret))).toBe(
      true,
    );
    expect(verifyTreeHeadSignature({ ...signed, signature: 'zz' }, hex(ledgerPublicKey(secret)))).toBe(false);
  });
});
