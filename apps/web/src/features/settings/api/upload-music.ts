import { useMutation, useQueryClient } from '@tanstack/react-query';
import { musicSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type UploadMusicInput = {
  file: File;
  /** The share of the file sent so far, from 0 to 1. */
  onProgress: (sentFraction: number) => void;
};

export function uploadMusic({ file, onProgress }: UploadMusicInput) {
  const form = new FormData();
  form.set('music', file);
  return apiClient.upload('/music/update', musicSchema, form, { onProgress });
}

export function useUploadMusic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMusic,
    onSuccess: (music) => queryClient.setQueryData(queryKeys.music, music),
  });
}
