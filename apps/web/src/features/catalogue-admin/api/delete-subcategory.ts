import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/catalogue/categories';
import { queryClient } from '@/lib/query-client';

export function deleteSubcategory(id: string) {
  return apiClient.delete(`/categories/subcategory/${encodeURIComponent(id)}`, okResponseSchema);
}

export function useDeleteSubcategory() {
  return useMutation({
    mutationFn: deleteSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
