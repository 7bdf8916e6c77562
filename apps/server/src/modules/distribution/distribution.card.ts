import {
  type AuthorisationStatusValue,
  authorisationState,
  authorisationStatusLabels,
  type StoredAuthorisationStatus,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authorisationItems, authorisations, organizations, products } from '../../db/schema/index.ts';

/**
 * What a distributor's business card reads of its authorisations (docs/business-card.md): its letters as anyone may
 * verify them (state as of `today`, the public page /free/authorisation?id=), and the products it may feature (those
 * of its letters in force).
 */

const IN_FORCE: readonly AuthorisationStatusValue[] = ['issued', 'active'];

/** The distributor's issued letters (not drafts, not superseded versions), newest first, with their live state. */
export async function distributorLetters(tx: Tx, distributorOrgId: number, today: string, limit = 20) {
  const rows = await tx
    .select({
      publicId: authorisations.publicId,
      number: authorisations.number,
      status: authorisations.status,
      validUntil: authorisations.validUntil,
      makerName: organizations.name,
    })
    .from(authorisations)
    .innerJoin(organizations, eq(organizations.id, authorisations.makerOrgId))
    .where(
      and(
        eq(authorisations.distributorOrgId, distributorOrgId),
        notInArray(authorisations.status, ['draft', 'superseded']),
      ),
    )
    .orderBy(desc(authorisations.validUntil), desc(authorisations.id))
    .limit(limit);
  return rows.map((r) => {
    const state = authorisationState(r.status as StoredAuthorisationStatus, r.validUntil, today);
    return {
      number: r.number ?? '',
      makerName: r.makerName,
      validUntil: r.validUntil,
      state,
      stateName: authorisationStatusLabels[state].zh,
      verifyUrl: pageUrl(pages.authorisationVerify, { id: r.publicId }),
    };
  });
}

/** The products of the distributor's letters in force today (issued or accepted, period not ended). */
export async function authorisedProducts(tx: Tx, distributorOrgId: number, today: string) {
  const rows = await tx
    .selectDistinct({ id: products.id, name: products.name, validUntil: authorisations.validUntil })
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .innerJoin(products, eq(products.id, authorisationItems.productId))
    .where(and(eq(authorisations.distributorOrgId, distributorOrgId), inArray(authorisations.status, [...IN_FORCE])))
    .orderBy(asc(products.name));
  const seen = new Map<number, string>();
  for (const r of rows) if (r.validUntil >= today && !seen.has(r.id)) seen.set(r.id, r.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}
