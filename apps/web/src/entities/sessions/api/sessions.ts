import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endedSessionsSchema, sessionListSchema } from '@keymarket/contracts/sessions';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Whose signed-in devices: the caller's own (`me`), or, for an administrator, another user's by
 * id. Both keys sit under `users`, so a change to a user (a ban ends its sessions) refreshes them.
 */
export type SessionsOwner = { me: true } | { userId: string };

const basePath = (owner: SessionsOwner) =>
  'me' in owner ? '/users/me/sessions' : `/users/${encodeURIComponent(owner.userId)}/sessions`;

const sessionsKey = (owner: SessionsOwner) =>
  'me' in owner
    ? ([...queryKeys.currentUser, 'sessions'] as const)
    : ([...queryKeys.users, 'sessions', owner.userId] as const);

export const sessionsQueryOptions = (owner: SessionsOwner) =>
  queryOptions({
    queryKey: sessionsKey(owner),
    queryFn: ({ signal }) => apiClient.get(basePath(owner), sessionListSchema, { signal }),
  });

export function useSessions(owner: SessionsOwner) {
  return useQuery(sessionsQueryOptions(owner));
}

/**
 * Ends one session (`sessionId`), or, without one, every other session of the caller's own
 * (`?others=true`) or every session of another user.
 */
export function endSessions(owner: SessionsOwner, sessionId?: string) {
  const path = sessionId
    ? `${basePath(owner)}/${encodeURIComponent(sessionId)}`
    : 'me' in owner
      ? `${basePath(owner)}?others=true`
      : basePath(owner);
  return apiClient.delete(path, endedSessionsSchema);
}

export function useEndSessions(owner: SessionsOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: string) => endSessions(owner, sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(owner) }),
  });
}
