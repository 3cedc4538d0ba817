import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lastReconciliationSchema,
  reconciliationSchema,
} from '@keymarket/contracts/reconciliation';
import { apiClient } from '@/lib/api-client';

export const reconciliationQueryKey = ['reconciliation', 'last'] as const;

/** The last stored result (`npm run reconcile` or "Run now"); null before the first run. */
export function getLastReconciliation(signal?: AbortSignal) {
  return apiClient.get('/admin/reconciliation/last', lastReconciliationSchema, { signal });
}

export const lastReconciliationQueryOptions = () =>
  queryOptions({
    queryKey: reconciliationQueryKey,
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
    onSuccess: (result) => queryClient.setQueryData(reconciliationQueryKey, { last: result }),
  });
}
