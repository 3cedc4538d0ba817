import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { limitMessages } from '@keymarket/contracts/purchase-limits';

type LimitMessageKey = keyof typeof limitMessages;

const keyByText = new Map<string, LimitMessageKey>(
  Object.entries(limitMessages).map(([key, text]) => [text, key as LimitMessageKey]),
);

/**
 * A purchase limit field's problem in the reader's language (the `limits` namespace): the
 * contract's own texts by their key; any other problem with a limit reads as not a whole number.
 */
export function limitIssue(
  error: FieldError | undefined,
  t: TFunction<'limits'>,
): string | undefined {
  if (!error) return undefined;
  const key = error.message ? keyByText.get(error.message) : undefined;
  return t(`issues.${key ?? 'quantityWhole'}`);
}
