import type { AuthorisationListItem, AuthorisationVerifyData } from '@jcbb/contract';
import {
  AUTHORISATION_LETTER_TYPE,
  AUTHORISATION_STATUS_TYPE,
  AuthorisationLedgerKind,
  type AuthorisationLetterContent,
  type AuthorisationStatusStatement,
  canonicalDocument,
  documentSha256,
} from '@jcbb/contract/distribution-proof';
import {
  bytesToHex,
  encodeLedgerEntry,
  inclusionProof,
  leafHash,
  ledgerPublicKey,
  merkleRootFromLeafHashes,
  signTreeHead,
} from '@jcbb/contract/ledger-proof';
import { ed25519 } from '@noble/curves/ed25519.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { AuthorisationView } from './api.ts';

// Test data of the authorisation pages (tests only).

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const SECRET = new Uint8Array(32).map((_, i) => (i * 11 + 5) % 256);
/** The published key the fixtures are signed under. */
export const TEST_LEDGER_KEY = bytesToHex(ledgerPublicKey(SECRET));

export const LETTER: AuthorisationLetterContent = {
  type: AUTHORISATION_LETTER_TYPE,
  id: 'urn:jcbb:authorisation:pub-1',
  publicId: 'pub-1',
  number: 'AU20261128-0001',
  version: 1,
  supersedes: null,
  issuer: { name: '南京绿筑新型建材有限公司', creditCode: '91320100MA1XXXXX0A' },
  issuedAt: '2026-11-28T02:00:00.000Z',
  validFrom: '2026-11-28',
  validUntil: '2027-11-27',
  credentialSubject: {
    distributor: { name: '南京恒通建材贸易有限公司', creditCode: '91320100MA1YYYYY0B' },
    kind: 'general',
    project: null,
    exclusive: true,
    regions: [{ code: '320000', name: '江苏省' }],
    items: [
      {
        product: { id: 5, name: '岩棉保温板' },
        specifications: [{ id: 9, name: '1200×600×50' }],
        quantityCap: '500',
        unit: '平方米',
      },
    ],
    commitments: { afterSales: '48 小时内到场', supply: null },
  },
};

/**
 * The public answer of a letter on a real small ledger (the contract's functions): the letter's entry at leaf 1 and,
 * with `status`, a status statement at leaf 2, signed under TEST_LEDGER_KEY.
 */
export function verifyAnswer(
  options: {
    state?: AuthorisationVerifyData['state'];
    status?: { status: string; reason: string | null } | null;
    letter?: AuthorisationLetterContent;
    checkedOn?: string;
  } = {},
): AuthorisationVerifyData {
  const letter = options.letter ?? LETTER;
  const letterText = canonicalDocument(letter);
  const statement: AuthorisationStatusStatement | null = options.status
    ? {
        type: AUTHORISATION_STATUS_TYPE,
        publicId: letter.publicId,
        number: letter.number,
        status: options.status.status,
        reason: options.status.reason,
        at: '2026-11-29T02:00:00.000Z',
      }
    : null;
  const statementText = statement ? canonicalDocument(statement) : null;
  const docs: { kind: string; sha: string; meta: Record<string, string> }[] = [
    { kind: 'document', sha: documentSha256('other file'), meta: {} },
    { kind: AuthorisationLedgerKind.LETTER, sha: documentSha256(letterText), meta: { publicId: letter.publicId } },
    ...(statementText
      ? [
          {
            kind: AuthorisationLedgerKind.STATUS,
            sha: documentSha256(statementText),
            meta: { publicId: letter.publicId },
          },
        ]
      : []),
  ];
  const entries = docs.map((d, i) =>
    encodeLedgerEntry({
      v: 1,
      kind: d.kind,
      orgId: 1,
      contentSha256: d.sha,
      timestamp: 1_780_000_000_000 + i,
      meta: d.meta,
    }),
  );
  const leaves = entries.map(leafHash);
  const sth = signTreeHead(
    { treeSize: leaves.length, rootHash: bytesToHex(merkleRootFromLeafHashes(leaves)), timestamp: 1_780_000_100_000 },
    SECRET,
  );
  const evidence = (i: number) => ({
    leafIndex: i,
    kind: docs[i]?.kind ?? '',
    contentSha256: docs[i]?.sha ?? '',
    entry: toBase64(entries[i] as Uint8Array),
    leafHash: bytesToHex(leaves[i] as Uint8Array),
    timestamp: 1_780_000_000_000 + i,
    inclusionProof: inclusionProof(leaves, i).map((p) => bytesToHex(p)),
    sth,
  });
  const sign = (text: string) => bytesToHex(ed25519.sign(utf8ToBytes(text), SECRET));
  return {
    publicId: letter.publicId,
    number: letter.number,
    version: letter.version,
    state: options.state ?? (options.status ? (options.status.status as AuthorisationVerifyData['state']) : 'issued'),
    checkedOn: options.checkedOn ?? '2026-11-30',
    statusReason: options.status?.reason ?? null,
    statusChangedAt: options.status ? '2026-11-29 10:00:00' : null,
    letter: { content: letterText, signature: sign(letterText), evidence: evidence(1) },
    statusStatement:
      statementText !== null ? { content: statementText, signature: sign(statementText), evidence: evidence(2) } : null,
    supersededBy: null,
    publicKey: TEST_LEDGER_KEY,
    keyFingerprint: TEST_LEDGER_KEY.slice(0, 16),
    publicKeyUrl: '/.well-known/jcbb-ledger-key.json',
    verifyUrl: `/free/authorisation?id=${letter.publicId}`,
  };
}

/** One authorisation as the list and the detail answer it: an active exclusive letter, with overrides. */
export function authorisation(overrides: Partial<AuthorisationView> = {}): AuthorisationView {
  const row: AuthorisationListItem = {
    id: 1,
    publicId: 'pub-1',
    number: 'AU20261128-0001',
    chainId: 1,
    version: 1,
    maker: { id: 10, name: '南京绿筑新型建材有限公司' },
    distributor: { id: 20, name: '南京恒通建材贸易有限公司' },
    kind: 'general',
    projectId: null,
    projectName: null,
    tenderNo: null,
    exclusive: true,
    regions: [{ code: '320000', name: '江苏省' }],
    scopeSummary: '1 个产品（1 个型号）· 江苏省',
    items: [
      {
        id: 100,
        productId: 5,
        productName: '岩棉保温板',
        specs: [{ id: 9, name: '1200×600×50' }],
        allSpecs: false,
        unit: '平方米',
        quantityCap: 500,
        shippedQuantity: 120,
        remainingQuantity: 380,
      },
    ],
    validFrom: '2026-11-28',
    validUntil: '2027-11-27',
    status: 'active',
    state: 'active',
    expiresInDays: 364,
    autoAccept: false,
    statusReason: null,
    issuedAt: '2026-11-28 10:00:00',
    acceptedAt: '2026-11-28 11:00:00',
    actions: ['suspend', 'revoke', 'renew'],
    updatedAt: '2026-11-28 11:00:00',
  };
  return {
    ...row,
    afterSalesCommitment: '48 小时内到场',
    supplyCommitment: null,
    signatoryName: '王总',
    signatoryTitle: '总经理',
    supersedesId: null,
    supersededById: null,
    versions: [
      {
        id: 1,
        version: 1,
        number: 'AU20261128-0001',
        publicId: 'pub-1',
        status: 'active',
        state: 'active',
        validFrom: '2026-11-28',
        validUntil: '2027-11-27',
        issuedAt: '2026-11-28 10:00:00',
      },
    ],
    contentSha256: 'a'.repeat(64),
    leafIndex: 3,
    statusChangedAt: null,
    statusLeafIndex: null,
    verifyUrl: '/free/authorisation?id=pub-1',
    ...overrides,
  };
}

/** A draft (no number, only the maker's actions on a draft). */
export const draft = (overrides: Partial<AuthorisationView> = {}) =>
  authorisation({
    id: 2,
    publicId: 'pub-2',
    number: null,
    status: 'draft',
    state: 'draft',
    expiresInDays: null,
    issuedAt: null,
    acceptedAt: null,
    actions: ['save', 'delete', 'issue'],
    contentSha256: null,
    leafIndex: null,
    verifyUrl: null,
    versions: [],
    items: [
      {
        id: 101,
        productId: 5,
        productName: '岩棉保温板',
        specs: [],
        allSpecs: true,
        unit: '平方米',
        quantityCap: null,
        shippedQuantity: 0,
        remainingQuantity: null,
      },
    ],
    ...overrides,
  });
