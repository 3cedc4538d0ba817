import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeySchema, type UpdateApiKeyInput } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateApiKey({ id, ...body }: UpdateApiKeyInput & { id: string }) {
  return apiClient.patch(`/api-keys/${id}`, apiKeySchema, body);
}

/**
 * The addresses a key may be used from (empty: any). A key revoked meanwhile answers 409: the
 * list is read again then too, so it shows the key revoked.
 */
export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
