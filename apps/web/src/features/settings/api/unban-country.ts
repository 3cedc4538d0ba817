import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { bannedCountriesQueryKey } from './get-banned-countries';

/** `id` is the ban's id, not the country code. */
export function unbanCountry(id: string) {
  return apiClient.delete(`/banned-countries/unban/${id}`, okResponseSchema);
}

export function useUnbanCountry() {
  return useMutation({
    mutationFn: unbanCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannedCountriesQueryKey }),
  });
}
