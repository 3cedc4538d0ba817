import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

// An administrator answers a faulty-key report from the orders screen or the tickets screen
// (DESIGN.md §11); either answer changes the order, its ticket (closed, with the key's new
// state), the buyer's balance, and a replacement the product's unsold keys.
const afterSaleQueryKeys = [
  queryKeys.orders,
  queryKeys.tickets,
  queryKeys.currentUser,
  queryKeys.products,
];

/** What a replacement, a refund or a report makes stale. */
export function useInvalidateAfterSale() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(afterSaleQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
