import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currencySchema, type UpdateCurrencyInput } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateCurrency({ id, ...body }: UpdateCurrencyInput & { id: string }) {
  return apiClient.patch(`/currencies/${id}`, currencySchema, body);
}

export function useUpdateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currencies }),
  });
}
