import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  keyImportListSchema,
  keyImportSchema,
  type KeyImport,
} from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const importsPath = (productId: string) =>
  `/products/${encodeURIComponent(productId)}/keys/imports`;

/** Under the products' key: every key pool change refreshes it with the stock. */
export const keyImportsKey = (productId: string) =>
  [...queryKeys.products, productId, 'key-imports'] as const;

type KeyImportList = z.infer<typeof keyImportListSchema>;

const isActive = (job: KeyImport) => job.status === 'queued' || job.status === 'running';

/** How often the screen reads an import's progress while one runs. */
const PROGRESS_POLL_MS = 1000;

/**
 * The product's latest key file imports, read again every second while one is queued or running
 * (the import goes on on the server whether or not this screen is open).
 */
export function useKeyImports(productId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keyImportsKey(productId),
    queryFn: async ({ signal }) => {
      const list = await apiClient.get(importsPath(productId), keyImportListSchema, {
        query: { limit: 3 },
        signal,
      });
      // The stock and the inventory move as the keys arrive, up to the last batch of an import
      // that has just ended.
      const before = queryClient.getQueryData<KeyImportList>(keyImportsKey(productId));
      if (list.data.some(isActive) || before?.data.some(isActive)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.productKeys(productId) });
      }
      return list;
    },
    refetchInterval: (query) => (query.state.data?.data.some(isActive) ? PROGRESS_POLL_MS : false),
  });
}

export function useCancelKeyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, importId }: { productId: string; importId: string }) =>
      apiClient.post(
        `${importsPath(productId)}/${encodeURIComponent(importId)}/cancel`,
        keyImportSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}

export { isActive as isKeyImportActive };
