import { useMutation } from '@tanstack/react-query';
import { okResponseSchema, type ChangePasswordRequest } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';

export function changePassword(body: ChangePasswordRequest) {
  return apiClient.put('/users/me/password', okResponseSchema, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
