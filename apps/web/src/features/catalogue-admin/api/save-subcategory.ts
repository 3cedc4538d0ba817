import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subcategorySchema, type SubcategoryFields } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/catalogue/categories';
import { catalogueFormData } from './form-data';
import { productsQueryKey } from './get-products';

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
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
        // Moving a subcategory moves its products to the new category.
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}
