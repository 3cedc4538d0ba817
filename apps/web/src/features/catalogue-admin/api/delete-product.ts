import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/catalogue/categories';
import { productsQueryKey } from './get-products';

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
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
      ]),
  });
}
