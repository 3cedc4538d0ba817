import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `id` is the ban's id, not the country code. */
export function unbanCountry(id: string) {
  return apiClient.delete(`/banned-countries/unban/${id}`, okResponseSchema);
}

export function useUnbanCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bannedCountries }),
  });
}
