import { useMutation, useQueryClient } from '@tanstack/react-query';
import { priceRuleSchema, type SetPriceRuleInput } from '@keymarket/contracts/price-rules';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Creates the caller's rule for a category (null: every product), or replaces its markup. */
export function setPriceRule(rule: SetPriceRuleInput) {
  return apiClient.put('/price-rules', priceRuleSchema, rule);
}

/** A rule changes the selling prices the price list shows: both are read again. */
export function useSetPriceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPriceRule,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.priceRules }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]),
  });
}
