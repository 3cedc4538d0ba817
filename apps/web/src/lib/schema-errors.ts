import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The first problem of each top-level field of a failed parse, shaped like react-hook-form's
 * errors so translateFieldError reads both. For forms too small to need react-hook-form.
 */
export function fieldErrorsOf<TField extends string>(
  error: z.ZodError,
): Partial<Record<TField, FieldError>> {
  const errors: Partial<Record<string, FieldError>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return errors;
}
