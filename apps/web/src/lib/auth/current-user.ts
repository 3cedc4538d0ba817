import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@keymarket/contracts/users';
import { apiClient } from '../api-client';
import { queryKeys } from '@/lib/query-keys';

export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/users/me', userSchema, { signal });
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
