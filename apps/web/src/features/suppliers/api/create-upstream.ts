import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upstreamSchema, type CreateUpstreamInput } from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { upstreamsQueryKey } from './get-upstreams';

export function createUpstream(input: CreateUpstreamInput) {
  return apiClient.post('/upstreams', upstreamSchema, input);
}

export function useCreateUpstream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUpstream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: upstreamsQueryKey }),
  });
}
