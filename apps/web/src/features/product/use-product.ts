import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/http.ts';
import { type ProductDetail, productApi, productInfoKey } from './api.ts';

/** The positive integer in the query parameter `name`, or null. */
export function useIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export class NotOwnProduct extends Error {}

/**
 * The owner's full view of a product. Another organisation's product answers 404, or its public view when it is
 * published; both count as "not found" in the manufacturer's console.
 */
export function useProductDetail(id: number | null) {
  return useQuery({
    queryKey: productInfoKey(id ?? 0),
    queryFn: async (): Promise<ProductDetail> => {
      const data = await productApi.info(id as number);
      if (data.view !== 'full') throw new NotOwnProduct();
      return data;
    },
    enabled: id !== null,
    retry: (count, error) =>
      !(error instanceof NotOwnProduct) && !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export const isNotFound = (error: unknown) =>
  error instanceof NotOwnProduct || (error instanceof ApiError && error.status === 404);
