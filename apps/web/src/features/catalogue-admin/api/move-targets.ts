import { useQuery } from '@tanstack/react-query';
import type { ChoicesQuery } from '@/components/ui/combo-filter';
import { queryKeys } from '@/lib/query-keys';
import { getAdminProductPage } from './get-products';

/** Products offered per search: a name narrows 160 products to a handful. */
const TARGETS_PER_SEARCH = 20;

/**
 * The products keys of `productId` can move to, searched by name: instant ones, not deleted,
 * not the product itself (the server refuses the others too).
 */
export function moveTargetChoices(productId: string): ChoicesQuery {
  return function useMoveTargets(term: string) {
    const query = useQuery({
      queryKey: [...queryKeys.products, 'move-targets', term],
      queryFn: ({ signal }) =>
        getAdminProductPage(
          { deleted: 'exclude', search: term, page: 1, limit: TARGETS_PER_SEARCH },
          signal,
        ),
      enabled: term !== '',
    });
    return {
      choices: query.data?.data
        .filter((p) => p.deliveryType === 'instant' && p.id !== productId)
        .map((p) => ({ id: p.id, label: p.name, hint: String(p.stockQuantity) })),
      isFetching: query.isFetching,
    };
  };
}
