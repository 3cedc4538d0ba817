import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messageKeyOf, messageTemplateOf } from '@keymarket/contracts/messages';
import { ApiError } from './api-error';

/** Whether `text` is one the web can translate: a fixed text or a template's of the contracts. */
export function isKnownMessage(text: string): boolean {
  return messageKeyOf(text) !== undefined || messageTemplateOf(text) !== undefined;
}

/**
 * The translation of one of the contract's fixed English texts, or of a text worded by one of its
 * templates (with the values it carries, such as a seller's name), or null for any other text.
 */
function translateKnownMessage(text: string, t: TFunction): string | null {
  const key = messageKeyOf(text);
  if (key) return t(`messages.${key}`);
  const template = messageTemplateOf(text);
  return template ? t(`messages.${template.key}`, template.values) : null;
}

// Field problems with a generic translation, for texts outside the contract's catalogue: zod
// issue codes (zodResolver puts them in `FieldError.type`: length caps, number types) and the
// server's `conflict` (a username or email already taken).
const genericIssues = [
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_value',
  'conflict',
] as const;
type GenericIssue = (typeof genericIssues)[number];

function isGenericIssue(type: string): type is GenericIssue {
  return genericIssues.some((issue) => issue === type);
}

/** A form field's error in the user's language: never the raw English of a schema or server. */
export function translateFieldError(
  error: FieldError | undefined,
  t: TFunction,
): string | undefined {
  if (!error) return undefined;
  const known = error.message ? translateKnownMessage(error.message, t) : null;
  if (known) return known;
  return isGenericIssue(error.type) ? t(`form.issues.${error.type}`) : t('form.issues.invalid');
}

// The reason an administrator typed comes as data beside the server's English sentence, and is
// shown as typed inside the user's language.
function describeBan(reason: string | undefined, t: TFunction): string {
  return reason ? t('errors.banned', { reason }) : t('errors.bannedWithoutReason');
}

/**
 * What to tell the user about a failed call. The server's text wins when it is one of the
 * specification's fixed messages (it is more precise than the type).
 */
export function describeApiError(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('messages.somethingWentWrong');
  const { type, text, reason } = error.body.message;
  if (type === 'banned') return describeBan(reason, t);
  return translateKnownMessage(text, t) ?? t(`errors.${type}`);
}

/**
 * A refusal worded for a dialog where the server's reason matters (a unit refund naming the
 * seller who falls short): the translation when the text is one of the contract's, otherwise the
 * error type's translation as the title and the server's own sentence under it, rather than the
 * type alone. An internal error's text says nothing and is left out.
 */
export function describeRefusal(error: unknown, t: TFunction): { title: string; text?: string } {
  const title = describeApiError(error, t);
  if (!(error instanceof ApiError)) return { title };
  const { type, text } = error.body.message;
  const known = type === 'banned' || translateKnownMessage(text, t) !== null;
  const silent = type === 'internal' || type === 'unavailable' || !text;
  return known || silent ? { title } : { title, text };
}

/**
 * Puts the server's per-field validation details under the matching inputs. Returns whether any
 * detail found its field, so the caller knows if a general message is still needed.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly Path<TValues>[],
  setError: UseFormSetError<TValues>,
): boolean {
  if (!(error instanceof ApiError) || !error.body.details) return false;
  let applied = false;
  for (const detail of error.body.details) {
    // The server prefixes paths with where the value came from: `body.username`.
    const name = detail.path.split('.').pop();
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      // The error's type picks the generic translation when the text is not a catalogue one.
      setError(field, { type: error.type, message: detail.message });
      applied = true;
    }
  }
  return applied;
}
