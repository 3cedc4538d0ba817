import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { importKeysResponseSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ImportKeysResult = z.infer<typeof importKeysResponseSchema>;

/**
 * Keys per request. The server takes up to 10,000 in one transaction, but a paste that size
 * would show no progress for many seconds; parts of 1,000 report progress as they land and keep
 * each transaction short.
 */
export const KEYS_PER_PART = 1_000;

/**
 * Splits a paste into parts of at most `perPart` keys, in order. Blank lines travel with the
 * part they stand in, so the server still counts them; every part ends with a newline so that a
 * blank last line is counted too (the server ignores only the empty end after a final newline).
 */
export function splitKeyParts(text: string, perPart = KEYS_PER_PART): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const parts: string[][] = [];
  let current: string[] = [];
  let keys = 0;
  for (const line of lines) {
    const isKey = line.trim().length > 0;
    if (isKey && keys === perPart) {
      parts.push(current);
      current = [];
      keys = 0;
    }
    current.push(line);
    if (isKey) keys += 1;
  }
  if (keys > 0) parts.push(current);
  return parts.map((part) => `${part.join('\n')}\n`);
}

export function importKeys(productId: string, keys: string) {
  return apiClient.post(
    `/products/${encodeURIComponent(productId)}/keys`,
    importKeysResponseSchema,
    { keys },
  );
}

/** What the parts sent so far added up to; `stock` is the latest the server reported. */
export type KeyImportTotals = Omit<ImportKeysResult, 'stock'> & { stock: number | null };
export type KeyImportProgress = { done: number; total: number; totals: KeyImportTotals };

/** A part was refused: the parts before it are imported, and `totals` says what they did. */
export class KeyImportStopped extends Error {
  constructor(
    readonly part: number,
    readonly total: number,
    readonly totals: KeyImportTotals,
    override readonly cause: unknown,
  ) {
    super(`Key import stopped at part ${part} of ${total}`);
    this.name = 'KeyImportStopped';
  }
}

export type ImportKeysRequest = {
  productId: string;
  parts: readonly string[];
  onProgress?: (progress: KeyImportProgress) => void;
  /** Aborted: no part is sent after the one in flight (closing the dialog stops the import). */
  signal?: AbortSignal;
};

/**
 * Sends the parts one after another (each is one transaction on the server, so a failure never
 * leaves half a part) and adds up the counts. Stops at the first refused part.
 */
export async function importKeysInParts({
  productId,
  parts,
  onProgress,
  signal,
}: ImportKeysRequest) {
  const totals: KeyImportTotals = {
    added: 0,
    duplicates: 0,
    blanks: 0,
    backordersFilled: 0,
    stock: null,
  };
  for (const [index, part] of parts.entries()) {
    if (signal?.aborted) throw new KeyImportStopped(index + 1, parts.length, totals, signal.reason);
    let result: ImportKeysResult;
    try {
      result = await importKeys(productId, part);
    } catch (error) {
      throw new KeyImportStopped(index + 1, parts.length, { ...totals }, error);
    }
    totals.added += result.added;
    totals.duplicates += result.duplicates;
    totals.blanks += result.blanks;
    totals.backordersFilled += result.backordersFilled;
    totals.stock = result.stock;
    onProgress?.({ done: index + 1, total: parts.length, totals: { ...totals } });
  }
  return totals;
}

export function useImportKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importKeysInParts,
    // Even a stopped import may have added keys: the stock and the inventory moved either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
