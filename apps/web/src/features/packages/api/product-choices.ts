import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// A handful to choose from; typing narrows them.
const CHOICES = 8;

/** Products to add to a package, with the caller's prices (the admin's three, a seller's own). */
export function getProductChoices(search: string, signal?: AbortSignal) {
  return apiClient.get('/products', productListSchema, {
    query: { limit: CHOICES, search: search || undefined },
    signal,
  });
}

export function useProductChoices(search: string) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.products, 'package-choices', search],
      queryFn: ({ signal }) => getProductChoices(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
