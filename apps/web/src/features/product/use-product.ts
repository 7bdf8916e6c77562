import { ResponseCode } from '@jcbb/contract/codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/http.ts';
import { type ProductDetail, productApi, productInfoKey } from './api.ts';

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
