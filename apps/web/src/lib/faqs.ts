import { queryOptions, useQuery } from '@tanstack/react-query';
import { faqListSchema } from '@keymarket/contracts/settings';
import { apiClient } from './api-client';

/** The published FAQ, read by the FAQ pages (public and in every area) and the admin's editor. */
export const faqsQueryKey = ['faqs'] as const;

/** Public: the FAQ is read before signing in too. Ordered by the server (position, then age). */
export function getFaqs(signal?: AbortSignal) {
  return apiClient.get('/faqs', faqListSchema, { signal });
}

export const faqsQueryOptions = () =>
  queryOptions({
    queryKey: faqsQueryKey,
    queryFn: ({ signal }) => getFaqs(signal),
  });

export function useFaqs() {
  return useQuery(faqsQueryOptions());
}
