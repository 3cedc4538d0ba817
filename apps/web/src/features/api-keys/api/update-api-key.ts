import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeySchema, type UpdateApiKeyInput } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

export function updateApiKey({ id, ...body }: UpdateApiKeyInput & { id: string }) {
  return apiClient.patch(`/api-keys/${id}`, apiKeySchema, body);
}

/** The addresses a key may be used from (empty: any); a revoked key answers 409. */
export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
