import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { z } from 'zod';
import { allowedAddressSchema, allowedIpsSchema } from '@keymarket/contracts/integration';
import { ApiError } from '@/lib/api-error';
import { translateFieldError } from '@/lib/translate-error';

/** One address or range typed in the field, with the line it is on (from 1). */
type AddressEntry = { address: string; line: number };

/**
 * What the field holds, one address or range a line (commas and spaces separate them too),
 * without blanks and repeats: the list sent, in its order, so the server's `body.allowedIps.N`
 * is `entries[N]`.
 */
export function addressEntries(text: string): AddressEntry[] {
  const seen = new Set<string>();
  const entries: AddressEntry[] = [];
  text.split(/\r?\n/).forEach((content, index) => {
    for (const address of content.split(/[\s,]+/)) {
      if (!address || seen.has(address)) continue;
      seen.add(address);
      entries.push({ address, line: index + 1 });
    }
  });
  return entries;
}

/** A key's addresses as the field shows them: one a line. */
export function addressesText(addresses: readonly string[]): string {
  return addresses.join('\n');
}

function addressProblem(address: string): string | undefined {
  const result = allowedAddressSchema.safeParse(address);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Invalid address');
}

/**
 * The field's text checked by the contract's own rules (each address, the count) and turned into
 * the list the server takes: empty when the key may be used from anywhere.
 */
export const allowedIpsTextSchema = z
  .string()
  .transform((text, ctx) => {
    const addresses = addressEntries(text).map((entry) => entry.address);
    for (const address of addresses) {
      const problem = addressProblem(address);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
    }
    return addresses;
  })
  .pipe(allowedIpsSchema);

/**
 * The server's refusal of the addresses (`body.allowedIps`, or `body.allowedIps.N` for the Nth
 * one), if that is what it refused.
 */
export function addressesDetailOf(
  error: unknown,
): { type: string; message: string; index?: number } | null {
  if (!(error instanceof ApiError) || !error.body.details) return null;
  for (const detail of error.body.details) {
    const match = /(?:^|\.)allowedIps(?:\.(\d+))?$/.exec(detail.path);
    if (match) {
      const index = match[1] === undefined ? undefined : Number(match[1]);
      return { type: error.type, message: detail.message, index };
    }
  }
  return null;
}

/**
 * The field's error in the reader's language, naming the line at fault when one address is: the
 * first the contract refuses, or the one the server named by its index (`serverIndex`, as long as
 * the text is the one it answered about).
 */
export function allowedIpsError(
  error: FieldError | undefined,
  text: string,
  serverIndex: number | undefined,
  t: TFunction<'integration'>,
  tCore: TFunction,
): string | undefined {
  const message = translateFieldError(error, tCore);
  if (!message) return undefined;
  const entries = addressEntries(text);
  const line =
    entries.find((entry) => addressProblem(entry.address))?.line ??
    (serverIndex === undefined ? undefined : entries[serverIndex]?.line);
  return line === undefined ? message : t('addressLine', { line, message });
}

/**
 * A form's handling of the server's refusal of its addresses: `show(error)` puts it under the
 * field (through `setError`) and remembers which address it named, so the field can say its line;
 * true when it did. `serverIndex` is that address's index, forgotten by `forget` (a new submit, an
 * edit of the text).
 */
export function useServerAddressError(
  setError: (name: 'allowedIps', error: { type: string; message: string }) => void,
) {
  const [serverIndex, setServerIndex] = useState<number>();
  return {
    serverIndex,
    forget: () => setServerIndex(undefined),
    show(error: unknown): boolean {
      const addresses = addressesDetailOf(error);
      if (!addresses) return false;
      setServerIndex(addresses.index);
      setError('allowedIps', { type: addresses.type, message: addresses.message });
      return true;
    },
  };
}
