import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { isKnownMessage, translateFieldError } from '@/lib/translate-error';

/**
 * The URL field's error in the reader's language. The server's SSRF guard names the address it
 * refused ("10.0.0.5 is a private…"), a sentence no catalogue can hold: it reads as "use https
 * and a public address", which is what the reader must do. A host name that resolves to nothing
 * is the contract's `webhookHostUnresolved`, translated with the name: the reader must check it.
 */
export function webhookUrlError(
  error: FieldError | undefined,
  t: TFunction<'webhooks'>,
  tCore: TFunction,
): string | undefined {
  if (error?.type === 'validation' && !isKnownMessage(error.message ?? '')) return t('urlRefused');
  return translateFieldError(error, tCore);
}

/** An array field's own error (`events`: none chosen), as the single error a field shows. */
export function arrayFieldError(
  error: { type?: unknown; message?: unknown } | undefined,
): FieldError | undefined {
  if (!error || typeof error.message !== 'string') return undefined;
  return { type: typeof error.type === 'string' ? error.type : 'invalid', message: error.message };
}
