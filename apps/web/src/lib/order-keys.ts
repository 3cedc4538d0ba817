import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type ReportKeyInput } from '@keymarket/contracts/orders';
import { apiClient } from './api-client';

// Shared by the orders and tickets features: an administrator answers a faulty-key report from
// either screen (DESIGN.md §11). The keys are the features' own query keys, named here so that
// neither feature imports the other.
const afterSaleQueryKeys = [['orders'], ['tickets'], ['users', 'me']] as const;

export type KeyAction = 'replace' | 'refund';

export function actOnOrderKey(orderId: string, action: KeyAction, keyIndex: number) {
  return apiClient.post(`/orders/${encodeURIComponent(orderId)}/${action}`, orderSchema, {
    keyIndex,
  });
}

export function reportOrderKey(orderId: string, report: ReportKeyInput) {
  return apiClient.post(`/orders/${encodeURIComponent(orderId)}/report`, orderSchema, report);
}

function useInvalidateAfterSale() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(afterSaleQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Replace or refund one key (administrators). */
export function useActOnOrderKey() {
  const invalidate = useInvalidateAfterSale();
  return useMutation({
    mutationFn: ({
      orderId,
      action,
      keyIndex,
    }: {
      orderId: string;
      action: KeyAction;
      keyIndex: number;
    }) => actOnOrderKey(orderId, action, keyIndex),
    onSuccess: invalidate,
  });
}

/** Report one key as faulty (the buyer). */
export function useReportOrderKey() {
  const invalidate = useInvalidateAfterSale();
  return useMutation({
    mutationFn: ({ orderId, report }: { orderId: string; report: ReportKeyInput }) =>
      reportOrderKey(orderId, report),
    onSuccess: invalidate,
  });
}
