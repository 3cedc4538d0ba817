import { queryOptions, useQuery } from '@tanstack/react-query';
import { currencyListSchema } from '@keymarket/contracts/settings';
import { apiClient } from './api-client';

/** The navbar's currency selector, and the admin's currencies screen, which invalidates it. */
export const currenciesQueryKey = ['currencies'] as const;

export function getCurrencies(signal?: AbortSignal) {
  return apiClient.get('/currencies', currencyListSchema, { signal });
}

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: currenciesQueryKey,
    queryFn: ({ signal }) => getCurrencies(signal),
    // Rates move rarely; a page change should not refetch them.
    staleTime: 5 * 60_000,
  });

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
