import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponseSchema, type LoginRequest } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { currentRoleQueryKey } from '@/lib/auth/current-role';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { storeRole } from '@/lib/stored-role';

/** Signs in with the language the app is read in, which the account's emails then follow. */
export function login(body: LoginRequest) {
  return apiClient.post('/auth/login', loginResponseSchema, {
    ...body,
    language: currentLanguage(),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      storeRole(user.role);
      // The login answer already holds what the guards and top bar would fetch next.
      queryClient.setQueryData(currentRoleQueryKey, user.role);
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
