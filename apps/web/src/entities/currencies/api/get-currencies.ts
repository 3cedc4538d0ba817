import { queryOptions, useQuery } from '@tanstack/react-query';
import { currencyListSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getCurrencies(signal?: AbortSignal) {
  return apiClient.get('/currencies', currencyListSchema, { signal });
}

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currencies,
    queryFn: ({ signal }) => getCurrencies(signal),
    // Rates move rarely; a page change should not refetch them.
    staleTime: 5 * 60_000,
  });

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
