import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/catalogue/categories';
import { queryClient } from '@/lib/query-client';

export function deleteCategory(id: string) {
  return apiClient.delete(`/categories/${encodeURIComponent(id)}`, okResponseSchema);
}

export function useDeleteCategory() {
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
