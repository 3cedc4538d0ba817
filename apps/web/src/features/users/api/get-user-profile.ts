import { queryOptions, useQuery } from '@tanstack/react-query';
import { userProfileSchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getUserProfile(userId: string, signal?: AbortSignal) {
  return apiClient.get(`/users/${encodeURIComponent(userId)}`, userProfileSchema, { signal });
}

export const userProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.users, 'profile', userId],
    queryFn: ({ signal }) => getUserProfile(userId, signal),
  });

export function useUserProfile(userId: string) {
  return useQuery(userProfileQueryOptions(userId));
}
