import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bulkPreviewSchema,
  bulkResultSchema,
  type BulkRejectInput,
} from '@keymarket/contracts/bulk-fulfilment';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What completing from this CSV would do, order by order: nothing is answered yet. */
export function useBulkPreview() {
  return useMutation({
    mutationFn: (csv: string) =>
      apiClient.post('/orders/bulk-complete/preview', bulkPreviewSchema, { csv }),
  });
}

/** Completes, or rejects, many orders: each answered on its own, the list refreshed after. */
export function useBulkAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { csv: string } | BulkRejectInput) =>
      'csv' in request
        ? apiClient.post('/orders/bulk-complete', bulkResultSchema, request)
        : apiClient.post('/orders/bulk-reject', bulkResultSchema, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
