import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { translateFieldError } from '@/lib/translate-error';

type IssueKey =
  | 'currencyCode'
  | 'rateNumber'
  | 'ratePositive'
  | 'rateMax'
  | 'rateDecimals'
  | 'url'
  | 'countryCode'
  | 'language'
  | 'severity'
  | 'text'
  | 'audioOnly'
  | 'musicMissing'
  | 'thresholdNumber'
  | 'thresholdWhole'
  | 'thresholdNegative'
  | 'thresholdMax';

/**
 * The settings contract's own rule texts (packages/contracts/src/settings.ts), which the shared
 * message catalogue does not hold. A test parses bad input with the contract schemas and fails
 * when a text it produces is translated by neither this table nor the patterns below.
 */
export const settingsIssueKeys: Record<string, IssueKey> = {
  'Currency code must be 3 uppercase letters, e.g. EUR': 'currencyCode',
  'Rate must be a number': 'rateNumber',
  'Rate must be greater than 0': 'ratePositive',
  'Rate cannot exceed 1000000': 'rateMax',
  'Rate can have at most 6 decimals': 'rateDecimals',
  'Enter a full http:// or https:// address': 'url',
  'Enter a two-letter ISO country code, e.g. FR': 'countryCode',
  'Language must be en, fr or ar': 'language',
  'Severity must be info, warning or critical': 'severity',
  'Support contact must be text': 'text',
  'The music file must be an MP3, OGG, WAV or M4A file': 'audioOnly',
  'Choose a music file to upload': 'musicMissing',
  'Low-stock threshold must be a number': 'thresholdNumber',
  'Low-stock threshold must be a whole number': 'thresholdWhole',
  'Low-stock threshold cannot be negative': 'thresholdNegative',
  'Low-stock threshold cannot exceed 1000000': 'thresholdMax',
};

// "<Field label> is required" and "<…> cannot exceed <n> characters": the label is already on
// screen beside the error, so the rule alone is said.
const REQUIRED = / is required$/;
const MAX_LENGTH = /cannot exceed (\d+) characters$/;

/** A field's error in the user's language, for the settings contract's texts and the shared ones. */
export function translateSettingsIssue(
  error: FieldError | undefined,
  t: TFunction<'settings'>,
  tCore: TFunction,
): string | undefined {
  const text = error?.message;
  if (!error || !text) return translateFieldError(error, tCore);
  const key = settingsIssueKeys[text];
  if (key) return t(`issues.${key}`);
  if (REQUIRED.test(text)) return t('issues.required');
  const maxLength = MAX_LENGTH.exec(text);
  if (maxLength) return t('issues.maxLength', { max: Number(maxLength[1]) });
  return translateFieldError(error, tCore);
}
