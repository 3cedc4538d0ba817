import { useMutation } from '@tanstack/react-query';
import { orderSchema, type ReportKeyInput } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { useInvalidateAfterSale } from './after-sale';

export function reportOrderKey(orderId: string, report: ReportKeyInput) {
  return apiClient.post(`/orders/${encodeURIComponent(orderId)}/report`, orderSchema, report);
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
