import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema, type ProductFields } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { catalogueFormData } from './form-data';
import { queryKeys } from '@/lib/query-keys';

export type SaveProductRequest = {
  /** Absent: create (POST). Present: replace the whole form (PUT), the image only if given. */
  id?: string;
  fields: ProductFields;
  image: File | null;
};

export function saveProduct({ id, fields, image }: SaveProductRequest) {
  // An instant product's stock is its unsold keys: the server refuses a typed-in number.
  const sent = fields.deliveryType === 'instant' ? { ...fields, stockQuantity: undefined } : fields;
  const form = catalogueFormData(sent, image);
  return id
    ? apiClient.upload(`/products/${encodeURIComponent(id)}`, productSchema, form, {
        method: 'PUT',
      })
    : apiClient.upload('/products', productSchema, form);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        // The category cards count their products.
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
      ]),
  });
}
