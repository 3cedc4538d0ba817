import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upstreamSchema, upstreamTestSchema } from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { upstreamsQueryKey } from './get-upstreams';

/** POST /upstreams/{id}/test: reads our balance there with the sealed key. */
export function testUpstream(id: string) {
  return apiClient.post(`/upstreams/${id}/test`, upstreamTestSchema);
}

/** POST /upstreams/{id}/sync: its docked products follow it now. */
export function syncUpstream(id: string) {
  return apiClient.post(`/upstreams/${id}/sync`, upstreamSchema);
}

export function useTestUpstream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testUpstream,
    onSettled: () => queryClient.invalidateQueries({ queryKey: upstreamsQueryKey }),
  });
}

export function useSyncUpstream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncUpstream,
    onSettled: () => queryClient.invalidateQueries({ queryKey: upstreamsQueryKey }),
  });
}
