import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

// An administrator answers a faulty-key report from the orders screen or the tickets screen
// (DESIGN.md §11); either answer changes the order, its ticket and the buyer's balance.
const afterSaleQueryKeys = [queryKeys.orders, queryKeys.tickets, queryKeys.currentUser];

/** What a replacement, a refund or a report makes stale. */
export function useInvalidateAfterSale() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(afterSaleQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
