import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { clearStoredRole } from '@/lib/stored-role';

export function logout() {
  return apiClient.get('/auth/logout', okResponseSchema);
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave first, so the area's queries unmount instead of refetching without a session.
      void navigate('/login', { replace: true });
      queryClient.clear();
      clearStoredRole();
    },
  });
}
