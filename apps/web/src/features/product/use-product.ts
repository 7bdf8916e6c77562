import { ResponseCode } from '@jcbb/contract/codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/http.ts';
import { type ProductDetail, productApi, productInfoKey } from './api.ts';

/** The positive integer in the query parameter `name`, or null. */
export function useIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Another organisation's product seen by the manufacturer's console: a 404 like any record it may not see. */
export class NotOwnProduct extends ApiError {
  constructor() {
    super('记录不存在', ResponseCode.NOT_FOUND, 404);
  }
}

/**
 * The owner's full view of a product. Another organisation's product answers 404, or its public view when it is
 * published; both count as "not found" in the manufacturer's console. Shared by the page and its route's `data`
 * (details-data.ts), so a prefetched answer is the one the page reads.
 */
export const productDetailQuery = (id: number) =>
  queryOptions({
    queryKey: productInfoKey(id),
    queryFn: async (): Promise<ProductDetail> => {
      const data = await productApi.info(id);
      if (data.view !== 'full') throw new NotOwnProduct();
      return data;
    },
    retry: (count, error) =>
      !(error instanceof NotOwnProduct) && !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useProductDetail(id: number | null) {
  return useQuery({ ...productDetailQuery(id ?? 0), enabled: id !== null });
}
