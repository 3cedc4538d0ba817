import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponseSchema, type LoginRequest } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { storeRole } from '@/lib/stored-role';
import { queryKeys } from '@/lib/query-keys';

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
      queryClient.setQueryData(queryKeys.currentRole, user.role);
      queryClient.setQueryData(queryKeys.currentUser, user);
    },
  });
}
