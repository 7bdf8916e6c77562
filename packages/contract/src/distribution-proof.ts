/**
 * Checking an authorisation letter (GET /open/authorisation?id=…) without trusting the server (docs/distribution.md,
 * "Signing and verifying a letter"). The letter is canonical JSON (`AuthorisationLetterContent`, W3C Verifiable
 * Credentials field names) signed with the platform's Ed25519 ledger key, its SHA-256 recorded in an evidence-ledger
 * entry; each later change of status (acceptance, suspension, resumption, revocation, supersession) is a signed
 * statement (`AuthorisationStatusStatement`) recorded the same way. `verifyAuthorisation` checks, for the letter and
 * for the last statement: the signature over the exact bytes, the SHA-256 of the bytes against the ledger entry, the
 * entry at its leaf, the inclusion proof up to the signed tree head and the head's signature, and then which facts
 * of the answer those checked documents vouch for.
 *
 * No zod, no Node: the public page loads it (with noble-hashes and noble-curves, through ledger-proof.ts).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  canonicalEntryJson,
  checkLedgerLeaf,
  type LeafFailure,
  type LedgerLeafProof,
  verifyTreeHeadSignature,
} from './ledger-proof.ts';

/** The `type` of a letter and of a status statement (their first member names the format). */
export const AUTHORISATION_LETTER_TYPE = ['VerifiableCredential', 'JcbbProductAuthorisation'] as const;
export const AUTHORISATION_STATUS_TYPE = 'JcbbAuthorisationStatus';
/** The ledger entry kinds (`kind` of the entry) of a letter and of a status statement. */
export const AuthorisationLedgerKind = { LETTER: 'authorisation', STATUS: 'authorisation-status' } as const;

export interface LetterParty {
  name: string;
  /** 统一社会信用代码, when the organisation has one on the platform. */
  creditCode: string | null;
}

export interface LetterItem {
  product: { id: number; name: string };
  /** The specifications named; empty = all specifications of the product. */
  specifications: { id: number; name: string }[];
  /** Decimal text in `unit`; null = no cap. */
  quantityCap: string | null;
  unit: string | null;
}

/** The signed letter: what the QR code vouches for. No personal data (the signatory's name is on paper only). */
export interface AuthorisationLetterContent {
  type: readonly string[];
  /** `urn:jcbb:authorisation:<publicId>` */
  id: string;
  publicId: string;
  number: string;
  version: number;
  /** The publicId of the version this one replaces, or null. */
  supersedes: string | null;
  /** The manufacturer. */
  issuer: LetterParty;
  /** ISO 8601 instant of issue. */
  issuedAt: string;
  /** First and last day (yyyy-mm-dd, Asia/Shanghai), both included. */
  validFrom: string;
  validUntil: string;
  credentialSubject: {
    distributor: LetterParty;
    kind: 'general' | 'project';
    /** For a project letter: the platform project's name, or the typed name, and the tender number. */
    project: { name: string | null; tenderNo: string | null; platformProjectId: number | null } | null;
    exclusive: boolean;
    regions: { code: string; name: string }[];
    items: LetterItem[];
    commitments: { afterSales: string | null; supply: string | null };
  };
}

/** A signed change of a letter's status after issue. */
export interface AuthorisationStatusStatement {
  type: typeof AUTHORISATION_STATUS_TYPE;
  publicId: string;
  number: string;
  /** The status from this moment: active (accepted or resumed), suspended, revoked, superseded. */
  status: string;
  reason: string | null;
  /** ISO 8601 instant. */
  at: string;
  /** For a supersession: the publicId of the new version. */
  supersededBy?: string | null;
}

type Json = Parameters<typeof canonicalEntryJson>[0];

/** The exact text that is signed and hashed: the ledger's canonical JSON (keys sorted, no spaces). */
export function canonicalDocument(value: AuthorisationLetterContent | AuthorisationStatusStatement): string {
  return canonicalEntryJson(value as unknown as Json);
}

/** SHA-256 (hex) of a document's UTF-8 bytes. */
export const documentSha256 = (content: string): string => bytesToHex(sha256(utf8ToBytes(content)));

/** A signed document as the answer carries it (contract distribution.ts `signedLedgerDocument`). */
export interface SignedDocumentProof {
  content: string;
  signature: string;
  evidence:
    | (LedgerLeafProof & {
        contentSha256: string;
        sth: { treeSize: number; rootHash: string; timestamp: number; signature: string };
      })
    | null;
}

/** The public answer (contract distribution.ts `authorisationVerifyData`), as plain data. */
export interface AuthorisationProof {
  publicId: string;
  number: string;
  version: number;
  state: string;
  checkedOn: string;
  statusReason: string | null;
  letter: SignedDocumentProof;
  statusStatement: SignedDocumentProof | null;
}

/**
 * Why a document did not check: its signature does not hold under the published key (`document-signature`), the
 * ledger entry records another hash (`content`), the entry is missing (`missing`), it names another letter
 * (`mismatch`), or the ledger's checks (`leaf`, `inclusion`, `signature` of the tree head).
 */
export type DocumentFailure = 'document-signature' | 'content' | 'missing' | 'mismatch' | LeafFailure;

export interface DocumentCheck {
  ok: boolean;
  failure: DocumentFailure | null;
  leafIndex: number | null;
}

/** The facts a page shows, each vouched for by a checked document or not. */
export interface CoveredFacts {
  /** Number, version, parties, kind, project, exclusivity, regions, products and caps, period, commitments. */
  letter: boolean;
  /** The state shown (`state`), as the last statement (or the letter alone) and today's date make it. */
  state: boolean;
  /** The reason shown for a suspension or revocation. */
  reason: boolean;
}

export interface AuthorisationCheck {
  ok: boolean;
  letter: DocumentCheck;
  statusStatement: DocumentCheck | null;
  covered: CoveredFacts;
  /** The letter's content, parsed, when it checked (show only what comes from here as verified). */
  content: AuthorisationLetterContent | null;
  statement: AuthorisationStatusStatement | null;
}

function signatureHolds(content: string, signatureHex: string, publicKeyHex: string): boolean {
  try {
    if (!/^[0-9a-f]{128}$/.test(signatureHex) || !/^[0-9a-f]{64}$/.test(publicKeyHex)) return false;
    return ed25519.verify(hexToBytes(signatureHex), utf8ToBytes(content), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}

function parseObject(content: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(content);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One signed document: signature, ledger entry, its hash, its leaf under a signed head, and that it names `publicId`. */
function checkDocument(
  doc: SignedDocumentProof,
  publicKeyHex: string,
  entryKind: string,
  publicId: string,
): { check: DocumentCheck; parsed: Record<string, unknown> | null } {
  const fail = (failure: DocumentFailure) => ({
    check: { ok: false, failure, leafIndex: doc.evidence?.leafIndex ?? null },
    parsed: null,
  });
  if (typeof doc.content !== 'string') return fail('content');
  if (!signatureHolds(doc.content, doc.signature, publicKeyHex)) return fail('document-signature');
  const parsed = parseObject(doc.content);
  if (!parsed || parsed.publicId !== publicId) return fail('mismatch');
  if (!doc.evidence) return fail('missing');
  const headOk = verifyTreeHeadSignature(doc.evidence.sth, publicKeyHex);
  const leaf = checkLedgerLeaf(doc.evidence, doc.evidence.sth, headOk);
  if (leaf.failure === 'leaf') return fail('leaf');
  if (leaf.contentSha256 !== documentSha256(doc.content)) return fail('content');
  if (leaf.entry?.kind !== entryKind || leaf.entry.meta?.publicId !== publicId) return fail('mismatch');
  if (leaf.failure) return fail(leaf.failure);
  return { check: { ok: true, failure: null, leafIndex: doc.evidence.leafIndex }, parsed };
}

const FINAL_OR_SET = new Set(['active', 'suspended', 'revoked', 'superseded']);

/** The state a checked letter and statement give on `checkedOn` (docs/distribution.md, "States"). */
function stateOf(content: AuthorisationLetterContent, statement: AuthorisationStatusStatement | null, day: string) {
  const status = statement && FINAL_OR_SET.has(statement.status) ? statement.status : 'issued';
  if ((status === 'issued' || status === 'active' || status === 'suspended') && content.validUntil < day)
    return 'expired';
  return status;
}

/**
 * Check a letter's public answer with the platform's published ledger key (hex, from
 * /.well-known/jcbb-ledger-key.json — never the key the answer carries). Never throws.
 */
export function verifyAuthorisation(answer: AuthorisationProof, publishedKeyHex: string): AuthorisationCheck {
  const letterResult = checkDocument(answer.letter, publishedKeyHex, AuthorisationLedgerKind.LETTER, answer.publicId);
  const content = letterResult.parsed as unknown as AuthorisationLetterContent | null;
  const letterOk =
    letterResult.check.ok &&
    content !== null &&
    content.number === answer.number &&
    content.version === answer.version &&
    typeof content.validUntil === 'string';
  const letter: DocumentCheck = letterOk
    ? letterResult.check
    : { ...letterResult.check, ok: false, failure: letterResult.check.failure ?? 'mismatch' };

  let statusStatement: DocumentCheck | null = null;
  let statement: AuthorisationStatusStatement | null = null;
  if (answer.statusStatement) {
    const r = checkDocument(answer.statusStatement, publishedKeyHex, AuthorisationLedgerKind.STATUS, answer.publicId);
    const parsed = r.parsed as unknown as AuthorisationStatusStatement | null;
    const ok = r.check.ok && parsed?.type === AUTHORISATION_STATUS_TYPE && parsed.number === answer.number;
    statusStatement = ok ? r.check : { ...r.check, ok: false, failure: r.check.failure ?? 'mismatch' };
    statement = ok ? parsed : null;
  }

  const statementOk = statusStatement === null || statusStatement.ok;
  const stateCovered =
    letterOk && statementOk && content !== null && stateOf(content, statement, answer.checkedOn) === answer.state;
  const reasonCovered =
    answer.statusReason === null ||
    (statement !== null && statementOk && (statement.reason ?? null) === answer.statusReason);
  const covered: CoveredFacts = { letter: letterOk, state: stateCovered, reason: letterOk && reasonCovered };
  return {
    ok: covered.letter && covered.state && covered.reason,
    letter,
    statusStatement,
    covered,
    content: letterOk ? content : null,
    statement,
  };
}
