import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Soft delete: the product leaves the shop and stays restorable. */
export function deleteProduct(id: string) {
  return apiClient.delete(`/products/${encodeURIComponent(id)}`, productSchema);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
      ]),
  });
}
