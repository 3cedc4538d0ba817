import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteSubcategory(id: string) {
  return apiClient.delete(`/categories/subcategory/${encodeURIComponent(id)}`, okResponseSchema);
}

export function useDeleteSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
  });
}
