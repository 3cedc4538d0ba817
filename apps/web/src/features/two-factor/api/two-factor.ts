import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type DisableTwoFactorRequest,
  type EnableTwoFactorRequest,
} from '@keymarket/contracts/two-factor';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactorStatus,
    queryFn: () => apiClient.get('/auth/2fa', twoFactorStatusSchema),
  });
}

/** A new pending secret each time: shown once, confirmed by `useEnableTwoFactor`. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiClient.post('/auth/2fa/setup', twoFactorSetupSchema, {}),
  });
}

/** The answer of enabling or disabling is the new status: no need to ask again. */
function useRememberStatus() {
  const queryClient = useQueryClient();
  return (status: { enabled: boolean; required: boolean }) =>
    queryClient.setQueryData(queryKeys.twoFactorStatus, status);
}

export function useEnableTwoFactor() {
  const rememberStatus = useRememberStatus();
  return useMutation({
    mutationFn: (body: EnableTwoFactorRequest) =>
      apiClient.post('/auth/2fa/enable', twoFactorStatusSchema, body),
    onSuccess: rememberStatus,
  });
}

export function useDisableTwoFactor() {
  const rememberStatus = useRememberStatus();
  return useMutation({
    mutationFn: (body: DisableTwoFactorRequest) =>
      apiClient.post('/auth/2fa/disable', twoFactorStatusSchema, body),
    onSuccess: rememberStatus,
  });
}
