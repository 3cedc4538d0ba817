import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  salesReportSchema,
  type SalesGrouping,
  type SalesMeasure,
} from '@keymarket/contracts/sales-analytics';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /analytics/sales's query (salesQuerySchema) as the screen sends it: days as YYYY-MM-DD,
 * both included; no `format` (the CSV download builds its own address).
 */
export type SalesReportQuery = {
  by: SalesGrouping;
  sort: SalesMeasure;
  limit: number;
  from?: string | undefined;
  to?: string | undefined;
};

function getSalesReport(query: SalesReportQuery, signal?: AbortSignal) {
  return apiClient.get('/analytics/sales', salesReportSchema, { query, signal });
}

// Under the analytics root: whatever refreshes the dashboard's figures refreshes these too.
export const salesReportQueryOptions = (query: SalesReportQuery) =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'sales', query],
    queryFn: ({ signal }) => getSalesReport(query, signal),
    // The last report stays on screen while another period or grouping loads.
    placeholderData: keepPreviousData,
  });

export function useSalesReport(query: SalesReportQuery) {
  return useQuery(salesReportQueryOptions(query));
}
