import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lastReconciliationSchema,
  reconciliationSchema,
} from '@keymarket/contracts/reconciliation';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The last stored result (`npm run reconcile` or "Run now"); null before the first run. */
export function getLastReconciliation(signal?: AbortSignal) {
  return apiClient.get('/admin/reconciliation/last', lastReconciliationSchema, { signal });
}

export const lastReconciliationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reconciliation,
    queryFn: ({ signal }) => getLastReconciliation(signal),
  });

export function useLastReconciliation() {
  return useQuery(lastReconciliationQueryOptions());
}

/** Runs every check now and stores the result, which becomes the last one shown. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post('/admin/reconciliation', reconciliationSchema),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.reconciliation, { last: result }),
  });
}
