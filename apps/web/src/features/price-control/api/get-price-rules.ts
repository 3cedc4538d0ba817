import { queryOptions, useQuery } from '@tanstack/react-query';
import { priceRuleListSchema } from '@keymarket/contracts/price-rules';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The caller's standing price rules, the everything rule first. */
export function getPriceRules(signal?: AbortSignal) {
  return apiClient.get('/price-rules', priceRuleListSchema, { signal });
}

export const priceRulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.priceRules,
    queryFn: ({ signal }) => getPriceRules(signal),
  });

export function usePriceRules() {
  return useQuery(priceRulesQueryOptions());
}
