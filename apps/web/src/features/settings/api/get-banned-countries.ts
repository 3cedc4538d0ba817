import { queryOptions, useQuery } from '@tanstack/react-query';
import { bannedCountryListSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getBannedCountries(signal?: AbortSignal) {
  return apiClient.get('/banned-countries/banned', bannedCountryListSchema, { signal });
}

export const bannedCountriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bannedCountries,
    queryFn: ({ signal }) => getBannedCountries(signal),
  });

export function useBannedCountries() {
  return useQuery(bannedCountriesQueryOptions());
}
