import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  socialLinksResponseSchema,
  type UpdateSocialLinksInput,
} from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Replaces the whole map: a network left out loses its link. */
export function updateSocialLinks(body: UpdateSocialLinksInput) {
  return apiClient.put('/social-links/update', socialLinksResponseSchema, body);
}

export function useUpdateSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSocialLinks,
    onSuccess: (links) => queryClient.setQueryData(queryKeys.socialLinks, links),
  });
}
