import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categorySchema, type CategoryFields } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { catalogueFormData } from './form-data';
import { queryKeys } from '@/lib/query-keys';

export type SaveCategoryRequest = {
  /** Absent: create. Present: replace the fields (PUT), the image only if a new one is given. */
  id?: string;
  fields: CategoryFields;
  image: File | null;
};

export function saveCategory({ id, fields, image }: SaveCategoryRequest) {
  const form = catalogueFormData(fields, image);
  return id
    ? apiClient.upload(`/categories/category/${encodeURIComponent(id)}`, categorySchema, form, {
        method: 'PUT',
      })
    : apiClient.upload('/categories/category', categorySchema, form);
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
        // Products show their category's name.
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]),
  });
}
