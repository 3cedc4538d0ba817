import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { productListSchema, type productListQuerySchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import type { ListQuery } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

type ProductListQuery = z.input<typeof productListQuerySchema>;

export type AdminProductFilters = Pick<ProductListQuery, 'categoryId' | 'search'> & {
  /** `only`: the soft-deleted products, which only administrators can list. */
  deleted: Exclude<ProductListQuery['deleted'], 'include' | undefined>;
};

/** One page of the products table: what GET /products takes (`sort` as `?sort=` text). */
export type AdminProductPageQuery = AdminProductFilters &
  Pick<ListQuery<typeof productListQuerySchema>, 'page' | 'limit' | 'sort' | 'lang'>;

export function getAdminProductPage(query: AdminProductPageQuery, signal?: AbortSignal) {
  return apiClient.get('/products', productListSchema, {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export const adminProductPageQueryOptions = (query: AdminProductPageQuery) =>
  queryOptions({
    queryKey: [...queryKeys.products, 'admin', 'page', query],
    queryFn: ({ signal }) => getAdminProductPage(query, signal),
    // Keeps the page on screen while the next one loads, so paging and typing do not flash.
    placeholderData: keepPreviousData,
  });

/** The products table's page: sorted, searched and filtered by the server. */
export function useAdminProductPage(query: AdminProductPageQuery) {
  return useQuery(adminProductPageQueryOptions(query));
}
