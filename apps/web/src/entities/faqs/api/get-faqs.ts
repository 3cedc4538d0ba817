import { queryOptions, useQuery } from '@tanstack/react-query';
import { faqListSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Public: the FAQ is read before signing in too. Ordered by the server (position, then age). */
export function getFaqs(signal?: AbortSignal) {
  return apiClient.get('/faqs', faqListSchema, { signal });
}

export const faqsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.faqs,
    queryFn: ({ signal }) => getFaqs(signal),
  });

export function useFaqs() {
  return useQuery(faqsQueryOptions());
}
