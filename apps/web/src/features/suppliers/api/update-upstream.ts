import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upstreamSchema, type UpdateUpstreamInput } from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UpdateUpstreamRequest = { id: string; changes: UpdateUpstreamInput };

/** PATCH /upstreams/{id}: its name, its low-balance alert (null: none), its address or key. */
export function updateUpstream({ id, changes }: UpdateUpstreamRequest) {
  return apiClient.patch(`/upstreams/${encodeURIComponent(id)}`, upstreamSchema, changes);
}

export function useUpdateUpstream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUpstream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.upstreams }),
  });
}
