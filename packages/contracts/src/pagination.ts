import { z } from './zod';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

/** `?format=csv` turns a list into a download of every matching row (DESIGN.md §10). */
export const exportFormatSchema = z.enum(['json', 'csv']).default('json');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const moment = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Expected a date (YYYY-MM-DD) or a date and time (ISO 8601)',
});

/**
 * `from` and `to` of a list filtered by time, to spread into its query schema (with
 * `rangeInOrder`). A bare date is a whole UTC day: `from=2026-03-01` starts at its midnight and
 * `to=2026-03-31` includes all of the 31st. Both are answered as instants, `from` inclusive and
 * `to` exclusive.
 */
export const dateRangeFields = {
  from: moment.transform((v) => new Date(v)).optional(),
  to: moment
    .transform((v) => (DAY.test(v) ? new Date(Date.parse(v) + 86_400_000) : new Date(v)))
    .optional(),
};

/** The check a query schema with `dateRangeFields` adds: `.refine(rangeInOrder, rangeOrderError)`. */
export const rangeInOrder = ({ from, to }: { from?: Date | undefined; to?: Date | undefined }) =>
  !from || !to || from < to;
export const RANGE_ORDER_MESSAGE = '"to" must be after "from"';
export const rangeOrderError = { message: RANGE_ORDER_MESSAGE, path: ['to'] };

const WHOLE_NUMBER_TEXT = /^\d+$/;

/**
 * A whole number in a query string, from `min` to `max`: decimal digits only. Not
 * `z.coerce.number()`, which also reads "0x10" as 16, "1e1" as 10, "0b11" as 3 and " 2" as 2
 * (found by a fuzzing pass). A number already parsed (the web's own calls) passes as it is.
 */
function queryInt(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(
    (value) => (typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value) ? Number(value) : value),
    z
      .number({
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- zod also calls it for the checks' issues (too_small, too_big), which its type omits
        error: (issue) => (issue.code === 'invalid_type' ? 'Expected a whole number' : undefined),
      })
      .int()
      .min(min)
      .max(max),
  );
}

/** `?page=` and `?limit=` of a paginated list, limited to `maxLimit` rows a page. */
export function pageFields(maxLimit = MAX_LIMIT) {
  return {
    page: queryInt(1).default(DEFAULT_PAGE),
    limit: queryInt(1, maxLimit).default(DEFAULT_LIMIT),
  };
}

export const pageQuerySchema = z.object(pageFields());
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type SortDirection = 'asc' | 'desc';
export type Sort<Column extends string> = { by: Column; direction: SortDirection };

/**
 * `?sort=` of a sortable list: a column name for ascending, `-` before it for descending
 * (`sort=-total`), one of the `columns` the list declares. Parsed to `{ by, direction }`.
 */
export function sortParam<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  const values = columns.flatMap((column) => [column, `-${column}`]);
  return z
    .string()
    .refine((value) => values.includes(value), {
      error: `sort must be one of: ${values.join(', ')}`,
    })
    .transform((value): Sort<Column> => {
      const descending = value.startsWith('-');
      // The refine above admits only the columns and their `-` forms.
      const by = (descending ? value.slice(1) : value) as Column;
      return { by, direction: descending ? 'desc' : 'asc' };
    });
}

/** The `?sort=` text of a sort, the inverse of `sortParam`. */
export function sortText<Column extends string>(sort: Sort<Column>): string {
  return sort.direction === 'desc' ? `-${sort.by}` : sort.by;
}

/**
 * A list too big to count exactly on every page (the orders: a million rows cost a second to
 * count) counts its matching rows up to this many: beyond it the answer says "more than"
 * (`totalExact: false`), as operator panels do for large tables
 * (docs/adr/0039-orders-list-at-a-million-rows.md).
 */
export const COUNT_CAP = 10_000;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** The rows matching, or, with `totalExact: false`, `COUNT_CAP`: more than that match. */
  total: z.number().int(),
  /** The pages of `total` rows; with `totalExact: false` there are more pages after them. */
  totalPages: z.number().int(),
  /** False when `total` is a lower bound (more than `COUNT_CAP` rows); absent means exact. */
  totalExact: z.boolean().optional(),
});

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

export function pageOf<T>(data: T[], query: PageQuery, total: number, totalExact = true) {
  return {
    data,
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      ...(totalExact ? {} : { totalExact: false }),
    },
  };
}
