import { queryOptions, useQuery } from '@tanstack/react-query';
import { dockedSalesSchema, type DockedSalesQueryInput } from '@keymarket/contracts/analytics';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Administrators only: the docked sales completed between two days (both optional). */
function getDockedSales(range: DockedSalesQueryInput, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return apiClient.get(`/analytics/docked-sales${search}`, dockedSalesSchema, { signal });
}

const dockedSalesQueryOptions = (range: DockedSalesQueryInput) =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'docked-sales', range],
    queryFn: ({ signal }) => getDockedSales(range, signal),
  });

export function useDockedSales(range: DockedSalesQueryInput) {
  return useQuery(dockedSalesQueryOptions(range));
}
