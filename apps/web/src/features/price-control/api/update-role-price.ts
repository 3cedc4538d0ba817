import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  productSchema,
  type Product,
  type updateRolePriceSchema,
} from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The product (the path's `{id}`) and the body of PATCH /products/{id}/update-role-price. */
export type RolePriceUpdate = {
  productId: Product['id'];
  prices: z.input<typeof updateRolePriceSchema>;
};

/** Admin: the product's manager and reseller prices. Others: their own selling price. */
export function updateRolePrice({ productId, prices }: RolePriceUpdate) {
  return apiClient.patch(
    `/products/${encodeURIComponent(productId)}/update-role-price`,
    productSchema,
    prices,
  );
}

export function useUpdateRolePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolePrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
