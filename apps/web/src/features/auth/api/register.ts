import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registerResponseSchema, type RegisterRequest } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { storeRole } from '@/lib/stored-role';
import { queryKeys } from '@/lib/query-keys';

/** Signs up with the language the app is read in, which the account's emails are written in. */
export function register(body: RegisterRequest) {
  return apiClient.post('/auth/register', registerResponseSchema, {
    ...body,
    language: currentLanguage(),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user, pendingApproval }) => {
      // An account waiting for approval has no session yet: nothing to remember.
      if (pendingApproval) return;
      storeRole(user.role);
      queryClient.setQueryData(queryKeys.currentRole, user.role);
      queryClient.setQueryData(queryKeys.currentUser, user);
    },
  });
}
