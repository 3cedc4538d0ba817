import { useMutation } from '@tanstack/react-query';
import {
  okResponseSchema,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';

/** Always answered 202 (the server never says whether the account exists). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      apiClient.post('/auth/forgot-password', okResponseSchema, body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiClient.post('/auth/reset-password', okResponseSchema, body),
  });
}
