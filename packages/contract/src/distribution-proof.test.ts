import { ed25519 } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTHORISATION_LETTER_TYPE,
  AUTHORISATION_STATUS_TYPE,
  AuthorisationLedgerKind,
  type AuthorisationLetterContent,
  type AuthorisationProof,
  canonicalDocument,
  documentSha256,
  type SignedDocumentProof,
  verifyAuthorisation,
} from './distribution-proof.ts';
import {
  bytesToHex,
  encodeLedgerEntry,
  inclusionProof,
  leafHash,
  ledgerPublicKey,
  merkleRootFromLeafHashes,
  signTreeHead,
} from './ledger-proof.ts';

/**
 * The letter's check in the browser (distribution-proof.ts): a correct answer verifies and vouches for every fact;
 * any change to the letter's or the statement's bytes, their signatures, the ledger entries, the inclusion proofs or
 * the signed tree head fails it, as does an answer whose state or reason is not what the signed documents say.
 */

const secret = new Uint8Array(32).map((_, i) => (i * 7 + 3) % 256);
const publicKey = bytesToHex(ledgerPublicKey(secret));
const publicId = 'Zx8kQ2mN7pR4sT1vW9yB3c';

const letter: AuthorisationLetterContent = {
  type: [...AUTHORISATION_LETTER_TYPE],
  id: `urn:jcbb:authorisation:${publicId}`,
  publicId,
  number: 'AU202611280001',
  version: 1,
  supersedes: null,
  issuer: { name: '南京绿筑新型建材有限公司', creditCode: '91320115MA1XXXXXX' },
  issuedAt: '2026-11-28T02:00:00.000Z',
  validFrom: '2026-11-28',
  validUntil: '2027-11-27',
  credentialSubject: {
    distributor: { name: '南京恒通建材贸易有限公司', creditCode: null },
    kind: 'general',
    project: null,
    exclusive: true,
    regions: [{ code: '320000', name: '江苏省' }],
    items: [{ product: { id: 3, name: '岩棉保温板' }, specifications: [], quantityCap: '20000', unit: 'm²' }],
    commitments: { afterSales: '质保 5 年', supply: null },
  },
};
const statement = {
  type: AUTHORISATION_STATUS_TYPE,
  publicId,
  number: letter.number,
  status: 'revoked',
  reason: '合作终止',
  at: '2026-12-01T02:00:00.000Z',
} as const;

const sign = (text: string) => bytesToHex(ed25519.sign(utf8ToBytes(text), secret));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A ledger of a few other entries, the letter's and the statement's, and the answer the server would send. */
function buildAnswer(): AuthorisationProof {
  const letterText = canonicalDocument(letter);
  const statementText = canonicalDocument(statement);
  const entry = (kind: string, text: string, i: number) =>
    encodeLedgerEntry({
      v: 1,
      kind,
      orgId: 1,
      contentSha256: documentSha256(text),
      timestamp: 1_795_000_000_000 + i,
      meta: { publicId, number: letter.number },
    });
  const entries = [
    entry('document', 'x', 0),
    entry(AuthorisationLedgerKind.LETTER, letterText, 1),
    entry('document', 'y', 2),
    entry(AuthorisationLedgerKind.STATUS, statementText, 3),
    entry('document', 'z', 4),
  ];
  const leaves = entries.map(leafHash);
  const sth = signTreeHead(
    { treeSize: leaves.length, rootHash: bytesToHex(merkleRootFromLeafHashes(leaves)), timestamp: 1_795_000_001_000 },
    secret,
  );
  const evidenceOf = (i: number, text: string): SignedDocumentProof['evidence'] => ({
    leafIndex: i,
    entry: toBase64(entries[i] as Uint8Array),
    leafHash: bytesToHex(leaves[i] as Uint8Array),
    contentSha256: documentSha256(text),
    inclusionProof: inclusionProof(leaves, i).map(bytesToHex),
    sth,
  });
  return {
    publicId,
    number: letter.number,
    version: 1,
    state: 'revoked',
    checkedOn: '2026-12-02',
    statusReason: '合作终止',
    letter: { content: letterText, signature: sign(letterText), evidence: evidenceOf(1, letterText) },
    statusStatement: { content: statementText, signature: sign(statementText), evidence: evidenceOf(3, statementText) },
  };
}

const clone = (a: AuthorisationProof): AuthorisationProof => JSON.parse(JSON.stringify(a));
/** A different character at position `at` of a string. */
function changeAt(text: string, at: number, shift: number): string {
  const i = at % text.length;
  const code = text.charCodeAt(i);
  const next = String.fromCharCode(((code - 32 + 1 + (shift % 94)) % 95) + 32);
  return text.slice(0, i) + (next === text[i] ? String.fromCharCode(code ^ 1) : next) + text.slice(i + 1);
}
/** Another hex digit at position `at`. */
function changeHex(hex: string, at: number, shift: number): string {
  const i = at % hex.length;
  const digit = (Number.parseInt(hex[i] as string, 16) + 1 + (shift % 15)) % 16;
  return hex.slice(0, i) + digit.toString(16) + hex.slice(i + 1);
}

describe('verifyAuthorisation', () => {
  it('verifies a correct answer and says every fact it shows is vouched for', () => {
    const check = verifyAuthorisation(buildAnswer(), publicKey);
    expect(check).toMatchObject({
      ok: true,
      letter: { ok: true, leafIndex: 1 },
      statusStatement: { ok: true, leafIndex: 3 },
      covered: { letter: true, state: true, reason: true },
    });
    expect(check.content?.credentialSubject.items[0]?.product.name).toBe('岩棉保温板');
    expect(check.statement?.status).toBe('revoked');
  });

  it('refuses a key other than the one that signed', () => {
    const other = bytesToHex(ledgerPublicKey(new Uint8Array(32).fill(9)));
    expect(verifyAuthorisation(buildAnswer(), other)).toMatchObject({
      ok: false,
      letter: { ok: false, failure: 'document-signature' },
    });
  });

  const answer = buildAnswer();
  // Each check verifies two Ed25519 signatures and two tree heads in pure JavaScript: 60 cases of each kind.
  const runs = { numRuns: 60 };
  const slow = 30_000;

  it(
    'fails on any change to the letter’s bytes',
    () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat(), (at, shift) => {
          const a = clone(answer);
          a.letter.content = changeAt(a.letter.content, at, shift);
          const check = verifyAuthorisation(a, publicKey);
          return !check.ok && !check.covered.letter && check.content === null;
        }),
        runs,
      );
    },
    slow,
  );

  it(
    'fails on any change to the status statement’s bytes',
    () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat(), (at, shift) => {
          const a = clone(answer);
          const s = a.statusStatement as SignedDocumentProof;
          s.content = changeAt(s.content, at, shift);
          const check = verifyAuthorisation(a, publicKey);
          return !check.ok && !check.covered.state && check.statement === null;
        }),
        runs,
      );
    },
    slow,
  );

  it(
    'fails on any change to a signature',
    () => {
      fc.assert(
        fc.property(fc.boolean(), fc.nat(), fc.nat(), (ofLetter, at, shift) => {
          const a = clone(answer);
          const doc = (ofLetter ? a.letter : a.statusStatement) as SignedDocumentProof;
          doc.signature = changeHex(doc.signature, at, shift);
          return !verifyAuthorisation(a, publicKey).ok;
        }),
        runs,
      );
    },
    slow,
  );

  it(
    'fails on any change to an inclusion proof, a leaf hash or an entry',
    () => {
      fc.assert(
        fc.property(
          fc.boolean(),
          fc.constantFrom('proof', 'leafHash', 'entry', 'leafIndex'),
          fc.nat(),
          fc.nat(),
          (ofLetter, part, at, shift) => {
            const a = clone(answer);
            const e = ((ofLetter ? a.letter : a.statusStatement) as SignedDocumentProof).evidence as NonNullable<
              SignedDocumentProof['evidence']
            >;
            if (part === 'proof') {
              const proof = [...e.inclusionProof];
              const k = at % proof.length;
              proof[k] = changeHex(proof[k] as string, shift, at);
              e.inclusionProof = proof;
            } else if (part === 'leafHash') e.leafHash = changeHex(e.leafHash, at, shift);
            else if (part === 'entry') e.entry = toBase64(utf8ToBytes(changeAt(atob(e.entry), at, shift)));
            else e.leafIndex = (e.leafIndex + 1 + (at % 4)) % 5;
            return !verifyAuthorisation(a, publicKey).ok;
          },
        ),
        runs,
      );
    },
    slow,
  );

  it(
    'fails on any change to the signed tree head',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom('rootHash', 'signature', 'treeSize', 'timestamp'),
          fc.nat(),
          fc.nat(),
          (part, at, shift) => {
            const a = clone(answer);
            const e = a.letter.evidence as NonNullable<SignedDocumentProof['evidence']>;
            if (part === 'rootHash') e.sth.rootHash = changeHex(e.sth.rootHash, at, shift);
            else if (part === 'signature') e.sth.signature = changeHex(e.sth.signature, at, shift);
            else if (part === 'treeSize') e.sth.treeSize += 1 + (at % 10);
            else e.sth.timestamp += 1 + at;
            return !verifyAuthorisation(a, publicKey).ok;
          },
        ),
        runs,
      );
    },
    slow,
  );

  it('does not vouch for a state or a reason the signed documents do not say', () => {
    const a = clone(answer);
    a.state = 'active';
    expect(verifyAuthorisation(a, publicKey)).toMatchObject({ ok: false, covered: { letter: true, state: false } });
    const b = clone(answer);
    b.statusReason = '别的原因';
    expect(verifyAuthorisation(b, publicKey)).toMatchObject({ ok: false, covered: { state: true, reason: false } });
    // A revoked letter whose statement is left out reads as issued: the answer's "revoked" is then unvouched.
    const c = clone(answer);
    c.statusStatement = null;
    expect(verifyAuthorisation(c, publicKey).covered.state).toBe(false);
    // An ended period reads expired, from the signed validUntil and the day of the check.
    const d = clone(answer);
    d.statusStatement = null;
    d.statusReason = null;
    d.state = 'expired';
    d.checkedOn = '2027-11-28';
    expect(verifyAuthorisation(d, publicKey)).toMatchObject({ ok: true });
  });

  it('refuses a statement of another letter', () => {
    const a = clone(answer);
    const s = a.statusStatement as SignedDocumentProof;
    const other = canonicalDocument({ ...statement, publicId: 'another-letter' });
    s.content = other;
    s.signature = sign(other);
    expect(verifyAuthorisation(a, publicKey).statusStatement).toMatchObject({ ok: false, failure: 'mismatch' });
  });
});
