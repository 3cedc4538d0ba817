import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PRODUCT_LIST_MAX,
  productListSchema,
  type productListQuerySchema,
} from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ProductFilters = Pick<
  z.input<typeof productListQuerySchema>,
  'categoryId' | 'subcategoryId' | 'search'
>;

/** The whole catalogue in one call (the API's one 10,000-item list); the screen virtualises it. */
export function getProducts(filters: ProductFilters, signal?: AbortSignal) {
  return apiClient.get('/products', productListSchema, {
    query: { limit: PRODUCT_LIST_MAX, ...filters, search: filters.search || undefined },
    signal,
  });
}

export const productsQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: [...queryKeys.products, filters],
    queryFn: ({ signal }) => getProducts(filters, signal),
    // Keeps the list on screen while a new filter loads, so typing a search does not flash.
    placeholderData: keepPreviousData,
  });

export function useProducts(filters: ProductFilters) {
  return useQuery(productsQueryOptions(filters));
}
