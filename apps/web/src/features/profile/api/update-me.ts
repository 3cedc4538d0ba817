import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateMeSchema } from '@keymarket/contracts/users-admin';
import { userSchema } from '@keymarket/contracts/users';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UpdateMeInput = z.output<typeof updateMeSchema>;

/** The caller's own names, email and phone; answers the updated user. */
export function updateMe(changes: UpdateMeInput) {
  return apiClient.put('/users/me', userSchema, changes);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
