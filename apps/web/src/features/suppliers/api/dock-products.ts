import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dockedProductsSchema, type DockProductsInput } from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { upstreamsQueryKey } from './get-upstreams';

export function dockProducts({ id, input }: { id: string; input: DockProductsInput }) {
  return apiClient.post(`/upstreams/${id}/products`, dockedProductsSchema, input);
}

/** Docks; the suppliers and their catalogues read again (and the products list). */
export function useDockProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dockProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: upstreamsQueryKey }),
  });
}
