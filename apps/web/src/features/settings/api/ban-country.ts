import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bannedCountrySchema, type BanCountryInput } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function banCountry(body: BanCountryInput) {
  return apiClient.post('/banned-countries/ban', bannedCountrySchema, body);
}

export function useBanCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bannedCountries }),
  });
}
