import { useMutation } from '@tanstack/react-query';
import { bannedCountrySchema, type BanCountryInput } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { bannedCountriesQueryKey } from './get-banned-countries';

export function banCountry(body: BanCountryInput) {
  return apiClient.post('/banned-countries/ban', bannedCountrySchema, body);
}

export function useBanCountry() {
  return useMutation({
    mutationFn: banCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannedCountriesQueryKey }),
  });
}
