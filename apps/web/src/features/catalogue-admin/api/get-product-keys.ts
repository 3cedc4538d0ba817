import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  productKeyListSchema,
  type Product,
  type productKeysQuerySchema,
} from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import type { ListQuery } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

/** A page of one product's keys; `q` is a whole key, or its first or last characters. */
export type ProductKeysPage = { productId: Product['id'] } & ListQuery<
  typeof productKeysQuerySchema
>;

/** The inventory, masked: the server never sends a stored key back in a listing. */
export function getProductKeys(
  { productId, page, limit, q, status }: ProductKeysPage,
  signal?: AbortSignal,
) {
  return apiClient.get(`/products/${encodeURIComponent(productId)}/keys`, productKeyListSchema, {
    query: { page, limit, q: q || undefined, status },
    signal,
  });
}

export const productKeysQueryOptions = (request: ProductKeysPage) =>
  queryOptions({
    queryKey: [
      ...queryKeys.productKeys(request.productId),
      request.page,
      request.limit,
      request.q ?? '',
      request.status ?? 'all',
    ],
    queryFn: ({ signal }) => getProductKeys(request, signal),
    placeholderData: keepPreviousData,
  });

export function useProductKeys(request: ProductKeysPage) {
  return useQuery(productKeysQueryOptions(request));
}
