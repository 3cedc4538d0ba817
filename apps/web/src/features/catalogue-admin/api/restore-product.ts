import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function restoreProduct(id: string) {
  return apiClient.post(`/products/${encodeURIComponent(id)}/restore`, productSchema);
}

export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
      ]),
  });
}
