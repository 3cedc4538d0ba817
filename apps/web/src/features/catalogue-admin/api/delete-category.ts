import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteCategory(id: string) {
  return apiClient.delete(`/categories/${encodeURIComponent(id)}`, okResponseSchema);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
  });
}
