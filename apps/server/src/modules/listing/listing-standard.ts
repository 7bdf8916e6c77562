import { type ElementValue, ListingStatus, meetsDemandStandard, normalizeElementValue } from '@jcbb/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { listings, listingValues } from '../../db/schema/index.ts';
import { loadCityForm } from '../element/index.ts';
import { recomputeProductTags } from '../product/index.ts';

/** A stored value row as the contract's value functions take it. */
export function toElementValue(row: typeof listingValues.$inferSelect): ElementValue {
  return {
    elementId: row.elementId,
    propertyValue: row.propertyValue,
    propertyNumValue: row.propertyNumValue === null ? null : Number(row.propertyNumValue),
    propertyArrayValue: row.propertyArrayValue,
    resourceValue: row.resourceValue,
  };
}

/**
 * Re-evaluate the government-procurement flag of every listing in a city (all cities for `null`: a nationwide
 * element changed) after the platform changed its demand-standard elements, in the caller's transaction. Listed
 * products whose flag changed get their tags recomputed. Returns how many listings changed.
 */
export async function recomputeCityStandard(tx: Tx, cityCode: string | null): Promise<number> {
  const cityRows = await tx
    .selectDistinct({ cityCode: listings.cityCode })
    .from(listings)
    .where(cityCode === null ? undefined : eq(listings.cityCode, cityCode));
  let changed = 0;
  for (const { cityCode: city } of cityRows) {
    const form = await loadCityForm(tx, city);
    const rows = await tx
      .select({
        id: listings.id,
        productId: listings.productId,
        status: listings.status,
        govProcurement: listings.govProcurement,
      })
      .from(listings)
      .where(eq(listings.cityCode, city));
    if (rows.length === 0) continue;
    const values = await tx
      .select()
      .from(listingValues)
      .where(
        inArray(
          listingValues.listingId,
          rows.map((r) => r.id),
        ),
      );
    const rules = new Map(form.rules.map((r) => [r.id, r]));
    const byListing = new Map<number, Map<number, ElementValue>>();
    for (const v of values) {
      const rule = rules.get(v.elementId);
      if (!rule) continue; // an element no longer in the form
      const map = byListing.get(v.listingId) ?? new Map<number, ElementValue>();
      map.set(v.elementId, normalizeElementValue(rule, toElementValue(v)));
      byListing.set(v.listingId, map);
    }
    for (const row of rows) {
      const meets = meetsDemandStandard(form.rules, byListing.get(row.id) ?? new Map());
      if (meets === row.govProcurement) continue;
      changed++;
      await tx.update(listings).set({ govProcurement: meets }).where(eq(listings.id, row.id));
      if (row.status === ListingStatus.LISTED) await recomputeProductTags(tx, row.productId);
    }
  }
  return changed;
}
