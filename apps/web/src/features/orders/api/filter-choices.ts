import { useQuery } from '@tanstack/react-query';
import { productListSchema } from '@keymarket/contracts/catalogue';
import { paginated } from '@keymarket/contracts/pagination';
import { userSummarySchema } from '@keymarket/contracts/users-admin';
import type { ComboChoice } from '@/components/ui/combo-filter';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// A handful to choose from; typing narrows them.
const CHOICES = 8;

const userPageSchema = paginated(userSummarySchema);

/** Products matching `term`, for the orders' product filter (none until something is typed). */
export function useProductChoices(term: string) {
  const query = useQuery({
    queryKey: [...queryKeys.products, 'order-filter', term],
    queryFn: ({ signal }) =>
      apiClient.get('/products', productListSchema, {
        query: { limit: CHOICES, search: term },
        signal,
      }),
    enabled: term !== '',
    select: (page): ComboChoice[] =>
      page.data.map((product) => ({ id: product.id, label: product.name })),
  });
  return { choices: query.data, isFetching: query.isFetching };
}

/**
 * Users matching `term` among those the caller may see: everyone for an admin, its own downline
 * for a manager or a reseller (the server's filter would show nothing of anyone else anyway).
 */
export function userChoices(scope: 'all' | 'downline') {
  const path = scope === 'all' ? '/users/get-all-users' : '/users/downline';
  return function useUserChoices(term: string) {
    const query = useQuery({
      queryKey: [...queryKeys.users, scope, 'order-filter', term],
      queryFn: ({ signal }) =>
        apiClient.get(path, userPageSchema, { query: { limit: CHOICES, search: term }, signal }),
      enabled: term !== '',
      select: (page): ComboChoice[] =>
        page.data.map((user) => ({
          id: user.id,
          label: user.username,
          hint: `${user.firstName} ${user.lastName}`.trim(),
        })),
    });
    return { choices: query.data, isFetching: query.isFetching };
  };
}
