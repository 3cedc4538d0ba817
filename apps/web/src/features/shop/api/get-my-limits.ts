import { queryOptions, useQuery } from '@tanstack/react-query';
import { myLimitsSchema } from '@keymarket/contracts/purchase-limits';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /users/me/limits: what the caller may still buy of `productId` today. */
export function getMyLimits(productId: string, signal?: AbortSignal) {
  return apiClient.get('/users/me/limits', myLimitsSchema, { query: { productId }, signal });
}

// Under the current user: an order invalidates it, and so refreshes what is left.
export const myLimitsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...queryKeys.currentUser, 'limits', productId],
    queryFn: ({ signal }) => getMyLimits(productId, signal),
  });

export function useMyLimits(productId: string) {
  return useQuery(myLimitsQueryOptions(productId));
}
