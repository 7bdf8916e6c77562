import { LedgerDocType } from '@jcbb/contract';
import {
  AUTHORISATION_LETTER_TYPE,
  AUTHORISATION_STATUS_TYPE,
  AuthorisationLedgerKind,
  type AuthorisationLetterContent,
  type AuthorisationStatusStatement,
  canonicalDocument,
  documentSha256,
  type LetterItem,
} from '@jcbb/contract/distribution-proof';
import { bytesToHex } from '@jcbb/contract/ledger-proof';
import type { Tx } from '../../db/client.ts';
import { appendLedgerEntry, ledgerSigner } from '../ledger/index.ts';
import type { AuthorisationRow, ItemWithNames, OrgFacts } from './distribution.authorisation.repository.ts';

/**
 * Signing a letter and its changes of status (docs/distribution.md, "Signing and verifying a letter"): the canonical
 * JSON (the ledger's `canonicalEntryJson`, through the contract's `canonicalDocument`), an Ed25519 signature over its
 * UTF-8 bytes by the platform's ledger key (the key that signs the tree heads: one key to publish and check), and
 * its SHA-256 appended to the evidence ledger (doc type 5, 授权书) in the caller's transaction.
 */

export interface SignedDocument {
  content: string;
  sha256: string;
  signature: string;
  leafIndex: number;
}

function sign(content: string): string {
  return bytesToHex(ledgerSigner().sign(new Uint8Array(Buffer.from(content, 'utf8'))));
}

/** What a letter names, with the names it prints (read once by the service). */
export interface LetterFacts {
  row: AuthorisationRow;
  number: string;
  maker: OrgFacts;
  distributor: OrgFacts;
  projectName: string | null;
  regions: { code: string; name: string }[];
  items: ItemWithNames[];
  /** The units of each product's specifications, for an item naming all of them. */
  productUnits: Map<number, string[]>;
  supersedesPublicId: string | null;
  issuedAt: Date;
}

const specName = (i: ItemWithNames) => [i.specName, i.specModel].filter(Boolean).join(' ');

/** The letter's canonical content: W3C Verifiable Credentials field names, no personal data. */
export function letterContent(f: LetterFacts): AuthorisationLetterContent {
  const r = f.row;
  const items: LetterItem[] = f.items.map((i) => {
    const units = f.productUnits.get(i.productId) ?? [];
    return {
      product: { id: i.productId, name: i.productName },
      specifications: i.specId === null ? [] : [{ id: i.specId, name: specName(i) }],
      quantityCap: i.quantityCap === null ? null : String(Number(i.quantityCap)),
      unit: i.specId === null ? (units.length === 1 ? (units[0] as string) : null) : i.unit,
    };
  });
  return {
    type: [...AUTHORISATION_LETTER_TYPE],
    id: `urn:jcbb:authorisation:${r.publicId}`,
    publicId: r.publicId,
    number: f.number,
    version: r.version,
    supersedes: f.supersedesPublicId,
    issuer: { name: f.maker.name, creditCode: f.maker.creditCode },
    issuedAt: f.issuedAt.toISOString(),
    validFrom: r.validFrom,
    validUntil: r.validUntil,
    credentialSubject: {
      distributor: { name: f.distributor.name, creditCode: f.distributor.creditCode },
      kind: r.kind as 'general' | 'project',
      project:
        r.kind === 'project' ? { name: f.projectName, tenderNo: r.tenderNo, platformProjectId: r.projectId } : null,
      exclusive: r.exclusive,
      regions: f.regions,
      items,
      commitments: { afterSales: r.afterSalesCommitment, supply: r.supplyCommitment },
    },
  };
}

/** Sign a letter and put its hash on the ledger. */
export async function signLetter(tx: Tx, f: LetterFacts): Promise<SignedDocument> {
  const content = canonicalDocument(letterContent(f));
  const sha256 = documentSha256(content);
  const signature = sign(content);
  const { leafIndex } = await appendLedgerEntry(tx, {
    kind: AuthorisationLedgerKind.LETTER,
    orgId: f.row.makerOrgId,
    contentSha256: sha256,
    meta: {
      docType: LedgerDocType.AUTHORISATION_LETTER,
      publicId: f.row.publicId,
      number: f.number,
      version: f.row.version,
      distributorOrgId: f.row.distributorOrgId,
      validFrom: f.row.validFrom,
      validUntil: f.row.validUntil,
    },
  });
  return { content, sha256, signature, leafIndex };
}

/** Sign a change of status after issue and put its hash on the ledger. */
export async function signStatus(
  tx: Tx,
  row: Pick<AuthorisationRow, 'publicId' | 'number' | 'makerOrgId'>,
  change: { status: string; reason: string | null; at: Date; supersededBy?: string | null },
): Promise<SignedDocument> {
  const statement: AuthorisationStatusStatement = {
    type: AUTHORISATION_STATUS_TYPE,
    publicId: row.publicId,
    number: row.number ?? '',
    status: change.status,
    reason: change.reason,
    at: change.at.toISOString(),
    ...(change.supersededBy ? { supersededBy: change.supersededBy } : {}),
  };
  const content = canonicalDocument(statement);
  const sha256 = documentSha256(content);
  const signature = sign(content);
  const { leafIndex } = await appendLedgerEntry(tx, {
    kind: AuthorisationLedgerKind.STATUS,
    orgId: row.makerOrgId,
    contentSha256: sha256,
    meta: {
      docType: LedgerDocType.AUTHORISATION_LETTER,
      publicId: row.publicId,
      number: row.number ?? '',
      status: change.status,
    },
  });
  return { content, sha256, signature, leafIndex };
}
