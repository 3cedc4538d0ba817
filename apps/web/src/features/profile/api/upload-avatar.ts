import { useMutation, useQueryClient } from '@tanstack/react-query';
import { avatarResponseSchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Replaces the caller's profile picture (multipart, field `avatar`). */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiClient.upload('/users/avatars/profile-picture', avatarResponseSchema, form, {
    method: 'PUT',
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The profile and the top bar's menu show the picture from the current user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
