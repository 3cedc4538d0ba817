import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productKeyListSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { productsQueryKey } from './get-products';

export const productKeysQueryKey = (productId: string) =>
  [...productsQueryKey, productId, 'keys'] as const;

export type ProductKeysPage = { productId: string; page: number; limit: number };

/** The inventory, masked: the server never sends a stored key back in a listing. */
export function getProductKeys({ productId, page, limit }: ProductKeysPage, signal?: AbortSignal) {
  return apiClient.get(`/products/${encodeURIComponent(productId)}/keys`, productKeyListSchema, {
    query: { page, limit },
    signal,
  });
}

export const productKeysQueryOptions = (request: ProductKeysPage) =>
  queryOptions({
    queryKey: [...productKeysQueryKey(request.productId), request.page, request.limit],
    queryFn: ({ signal }) => getProductKeys(request, signal),
    placeholderData: keepPreviousData,
  });

export function useProductKeys(request: ProductKeysPage) {
  return useQuery(productKeysQueryOptions(request));
}
