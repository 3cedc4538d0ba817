import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import { useForm, type Path, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors } from './translate-error';

type FormOptions<TSchema extends z.ZodObject> = Omit<
  UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>,
  'resolver'
>;

/**
 * A form checked by the contract schema the server checks the same body with, so a rule lives
 * in one place. `showServerErrors` puts the server's per-field refusals (a taken username, a
 * rule the browser cannot know) under the schema's fields, and says whether any found its field.
 */
export function useContractForm<TSchema extends z.ZodObject>(
  schema: TSchema,
  options: FormOptions<TSchema> = {},
) {
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    ...options,
    resolver: zodResolver(schema),
  });
  const fields = Object.keys(schema.shape) as Path<z.input<TSchema>>[];
  const showServerErrors = (error: unknown) => applyServerFieldErrors(error, fields, form.setError);
  // An event handler's promise has no one to wait for it: handleSubmit answers one, so the
  // submit handler lets it go here, once, instead of in every form. What a submission does that
  // can fail (a mutation, a request) reports its failure itself.
  const handleSubmit =
    (...callbacks: Parameters<typeof form.handleSubmit>) =>
    (event?: BaseSyntheticEvent): void => {
      void form.handleSubmit(...callbacks)(event);
    };
  return { ...form, handleSubmit, showServerErrors };
}
