import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_LIST_MAX, productListSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';

/** The shop's products live under the same first key, so the admin's changes refresh it too. */
export const productsQueryKey = ['products'] as const;

export type AdminProductFilters = {
  categoryId?: string;
  search?: string;
  /** `only`: the soft-deleted products, which only administrators can list. */
  deleted: 'exclude' | 'only';
};

/** The whole catalogue in one call (the API's one 10,000-item list); the table virtualises it. */
export function getAdminProducts(filters: AdminProductFilters, signal?: AbortSignal) {
  return apiClient.get('/products', productListSchema, {
    query: {
      limit: PRODUCT_LIST_MAX,
      categoryId: filters.categoryId,
      search: filters.search || undefined,
      deleted: filters.deleted,
    },
    signal,
  });
}

export const adminProductsQueryOptions = (filters: AdminProductFilters) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'admin', filters],
    queryFn: ({ signal }) => getAdminProducts(filters, signal),
    // Keeps the table on screen while a new filter loads, so typing a search does not flash.
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(filters: AdminProductFilters) {
  return useQuery(adminProductsQueryOptions(filters));
}
