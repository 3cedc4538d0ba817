import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeySchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function revokeApiKey(id: string) {
  return apiClient.delete(`/api-keys/${id}`, apiKeySchema);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
