import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryKey } from './get-users';

/**
 * A change to a user: afterwards the table, the open profile and the caller's own figures are
 * fetched again (see usersQueryKey).
 */
export function useUsersMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
