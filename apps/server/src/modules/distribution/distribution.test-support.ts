import { randomBytes } from 'node:crypto';
import type { StoredAuthorisationStatus } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { authorisationItems, authorisations } from '../../db/schema/index.ts';

/**
 * Authorisations written straight into a database, with the columns the table's CHECKs ask of an issued letter (a
 * number, canonical content, a signature) but no real signature or ledger entry: the scope rule, the shipment gate,
 * their PostgreSQL test and the benchmark's 10 000 letters need letters in force, not the issuing workflow.
 */

export interface LetterItem {
  productId: number;
  /** null = every specification of the product. */
  specId?: number | null;
  /** Decimal text; absent = no cap. */
  cap?: string | null;
  shipped?: string;
}

export interface Letter {
  makerOrgId: number;
  distributorOrgId: number;
  status?: StoredAuthorisationStatus;
  kind?: 'general' | 'project';
  projectId?: number | null;
  regionCodes?: string[];
  validFrom?: string;
  validUntil?: string;
  items: LetterItem[];
}

let sequence = 0;

/** The row of one letter (for a batch insert): defaults are a general, active letter for Jiangsu, this year. */
export function letterRow(l: Letter, createdBy = 1) {
  sequence += 1;
  const publicId = randomBytes(12).toString('base64url');
  const status = l.status ?? 'active';
  const year = shanghaiToday().slice(0, 4);
  return {
    publicId,
    number: status === 'draft' ? null : `AUT${Date.now().toString(36).toUpperCase()}-${sequence}`,
    makerOrgId: l.makerOrgId,
    distributorOrgId: l.distributorOrgId,
    kind: l.kind ?? (l.projectId ? 'project' : 'general'),
    projectId: l.projectId ?? null,
    regionCodes: l.regionCodes ?? ['320000'],
    validFrom: l.validFrom ?? `${year}-01-01`,
    validUntil: l.validUntil ?? `${Number(year) + 1}-12-31`,
    status,
    content: status === 'draft' ? null : JSON.stringify({ test: publicId }),
    signature: status === 'draft' ? null : '00',
    createdBy,
  };
}

/** Inserts letters and their items; answers each letter's id, public id, number and item ids (in order). */
export async function addLetters(tx: Tx, letters: readonly Letter[]) {
  if (letters.length === 0) return [];
  const heads = await tx
    .insert(authorisations)
    .values(letters.map((l) => letterRow(l)))
    .returning({ id: authorisations.id, publicId: authorisations.publicId, number: authorisations.number });
  const items = letters.flatMap((l, i) =>
    l.items.map((it) => ({
      authorisationId: heads[i]?.id as number,
      productId: it.productId,
      specId: it.specId ?? null,
      quantityCap: it.cap ?? null,
      shippedQuantity: it.shipped ?? '0',
    })),
  );
  const itemRows =
    items.length === 0
      ? []
      : await tx
          .insert(authorisationItems)
          .values(items)
          .returning({ id: authorisationItems.id, authorisationId: authorisationItems.authorisationId });
  return heads.map((h) => ({
    ...h,
    number: h.number ?? '',
    itemIds: itemRows.filter((r) => r.authorisationId === h.id).map((r) => r.id),
  }));
}

/** One letter (see `addLetters`). */
export async function addLetter(tx: Tx, letter: Letter) {
  const [one] = await addLetters(tx, [letter]);
  if (!one) throw new Error('no letter written');
  return one;
}
