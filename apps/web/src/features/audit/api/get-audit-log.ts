import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEntrySchema } from '@keymarket/contracts/balance';
import { paginated } from '@keymarket/contracts/pagination';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery } from '@/lib/list-query';
import type { auditQuerySchema } from '@keymarket/contracts/balance';

const auditListSchema = paginated(auditEntrySchema);

/** GET /audit's filters as the screen sends them; '' or undefined filters nothing. */
export type AuditLogQuery = ListQuery<typeof auditQuerySchema>;

/** The filters of the log without its page and order: what its CSV export takes. */
export function auditFilters({
  page: _page,
  limit: _limit,
  sort: _sort,
  ...filters
}: AuditLogQuery) {
  return filters;
}

export function getAuditLog(query: AuditLogQuery, signal?: AbortSignal) {
  return apiClient.get('/audit', auditListSchema, { query, signal });
}

export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: [...queryKeys.audit, query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}
