import type { z } from 'zod';

/**
 * A list's query as the web sends it, from the contract's query schema: its input (the URL's
 * text: a sort such as `-date`, dates as YYYY-MM-DD), page and limit as the numbers the screens
 * hold, and no `format` (the CSV export builds its own address).
 */
export type ListQuery<Schema extends z.ZodType> = Omit<
  z.input<Schema>,
  'page' | 'limit' | 'format'
> & { page: number; limit: number };
