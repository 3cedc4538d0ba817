import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/catalogue/categories';
import { productsQueryKey } from './get-products';

export function restoreProduct(id: string) {
  return apiClient.post(`/products/${encodeURIComponent(id)}/restore`, productSchema);
}

export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
      ]),
  });
}
