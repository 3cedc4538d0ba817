import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subcategorySchema, type SubcategoryFields } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { catalogueFormData } from './form-data';
import { queryKeys } from '@/lib/query-keys';

export type SaveSubcategoryRequest = {
  id?: string;
  fields: SubcategoryFields;
  image: File | null;
};

export function saveSubcategory({ id, fields, image }: SaveSubcategoryRequest) {
  const form = catalogueFormData(fields, image);
  return id
    ? apiClient.upload(
        `/categories/subcategory/${encodeURIComponent(id)}`,
        subcategorySchema,
        form,
        { method: 'PUT' },
      )
    : apiClient.upload('/categories/subcategory', subcategorySchema, form);
}

export function useSaveSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSubcategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
        // Moving a subcategory moves its products to the new category.
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]),
  });
}
