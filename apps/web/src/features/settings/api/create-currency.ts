import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currencySchema, type CreateCurrencyInput } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createCurrency(body: CreateCurrencyInput) {
  return apiClient.post('/currencies/create', currencySchema, body);
}

export function useCreateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCurrency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currencies }),
  });
}
