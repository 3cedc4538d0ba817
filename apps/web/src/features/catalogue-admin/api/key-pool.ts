import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  deleteKeysResponseSchema,
  keyImportSchema,
  moveKeysResponseSchema,
  type moveKeysRequestSchema,
} from '@keymarket/contracts/catalogue';
import { API_BASE_URL, apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const keysPath = (productId: string) => `/products/${encodeURIComponent(productId)}/keys`;

export type KeyFileUpload = {
  productId: string;
  file: File;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a .txt or .csv key file as it is (the browser streams it; the server checks and stores
 * it as it arrives), reporting how much is sent. The answer is the queued import, which the
 * server runs in the background.
 */
export function uploadKeyFile({ productId, file, onProgress, signal }: KeyFileUpload) {
  return apiClient.uploadFile(`${keysPath(productId)}/file`, keyImportSchema, file, {
    query: { name: file.name },
    onProgress,
    signal,
  });
}

export function deleteKeys(productId: string, keyIds: readonly string[]) {
  return apiClient.delete(keysPath(productId), deleteKeysResponseSchema, { keyIds });
}

export type MoveKeysRequest = z.input<typeof moveKeysRequestSchema>;

export function moveKeys(productId: string, request: MoveKeysRequest) {
  return apiClient.post(`${keysPath(productId)}/move`, moveKeysResponseSchema, request);
}

/** The unsold keys' CSV download (audited by the server). */
export function unsoldKeysExportUrl(productId: string) {
  return `${API_BASE_URL}${keysPath(productId)}?status=unsold&format=csv`;
}

/** Every key pool change moves the stock and the inventory: both refresh. */
function useKeyPoolMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}

export const useUploadKeyFile = () => useKeyPoolMutation(uploadKeyFile);
export const useDeleteKeys = () =>
  useKeyPoolMutation(({ productId, keyIds }: { productId: string; keyIds: string[] }) =>
    deleteKeys(productId, keyIds),
  );
export const useMoveKeys = () =>
  useKeyPoolMutation(({ productId, ...request }: MoveKeysRequest & { productId: string }) =>
    moveKeys(productId, request),
  );
