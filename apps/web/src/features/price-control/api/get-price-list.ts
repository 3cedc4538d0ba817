import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PRODUCT_LIST_MAX,
  productListSchema,
  type productListQuerySchema,
} from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The list's filters the Price Control screen offers, as the contract's query takes them. */
export type PriceListFilters = Pick<
  z.input<typeof productListQuerySchema>,
  'categoryId' | 'search'
>;

/**
 * Every product the caller may price, with the prices it sees (the platform's for an admin; its
 * buying and selling price for a manager or reseller), in the API's one 10,000-item list.
 */
export function getPriceList(filters: PriceListFilters, signal?: AbortSignal) {
  return apiClient.get('/products', productListSchema, {
    query: { limit: PRODUCT_LIST_MAX, categoryId: filters.categoryId, search: filters.search },
    signal,
  });
}

export const priceListQueryOptions = (filters: PriceListFilters) =>
  queryOptions({
    queryKey: [...queryKeys.priceList, filters],
    queryFn: ({ signal }) => getPriceList(filters, signal),
    // The table stays on screen while a new filter loads, and the selection with it.
    placeholderData: keepPreviousData,
  });

export function usePriceList(filters: PriceListFilters) {
  return useQuery(priceListQueryOptions(filters));
}
