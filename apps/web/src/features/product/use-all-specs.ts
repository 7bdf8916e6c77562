import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ProductSpecsGroup, type SpecItem, specsPerProductQuery } from './api.ts';

/** A specification with the name of its product: one row of the sales information. */
export interface SpecRow extends SpecItem {
  productName: string;
  productEnabled: boolean;
}

export function flattenSpecs(groups: ProductSpecsGroup[]): SpecRow[] {
  return groups.flatMap((g) =>
    g.specs.map((s) => ({ ...s, productName: g.name, productEnabled: g.enableStatus === 1 })),
  );
}

/**
 * Every specification of the organisation's products (productSpecificationsModel/productDetailList). A
 * manufacturer has tens to a few hundred; the sales pages filter and page them in the browser.
 */
export function useAllSpecs() {
  const query = useQuery(specsPerProductQuery());
  const rows = useMemo(() => flattenSpecs(query.data ?? []), [query.data]);
  const products = useMemo(() => (query.data ?? []).map((g) => ({ id: g.id, name: g.name })), [query.data]);
  return { query, rows, products };
}

/** Matches a keyword against product, specification and model names. */
export const specMatches = (row: SpecRow, keyword: string) => {
  const k = keyword.trim().toLowerCase();
  return k === '' || [row.productName, row.name, row.model].some((v) => v.toLowerCase().includes(k));
};
