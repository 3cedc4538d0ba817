import { z } from './zod';
import {
  dateRangeFields,
  exportFormatSchema,
  pageFields,
  rangeInOrder,
  rangeOrderError,
} from './pagination';
import { roleSchema } from './users';

/**
 * What sells: top products and top sellers over a period, beside the period just before it.
 *
 * The viewer is the platform (an admin) or a manager or reseller. An order counts for the viewer
 * when it was completed in the period and, for a manager or reseller, bought by itself or by its
 * downline. Each order has a channel: the member of its pricing chain just below the viewer (for
 * the platform, the chain's top; for a seller, its direct invitee the sale came through, or the
 * seller itself for its own purchases). "Top sellers" ranks those channels.
 *
 * Figures, per row and in total:
 * - `units`: keys (or units) sold; `orders`: completed orders;
 * - `revenue`: what the buyers paid (the orders' totals);
 * - `profit`: the viewer's margin on them: what the viewer was paid minus what it paid. For the
 *   platform: the price the chain's top paid minus the product's initial price, or for a docked
 *   product minus the upstream cost recorded on the order; for a seller: its selling price to the
 *   member below it minus its own cost (zero on its own purchases).
 * Amounts are USD numbers (2 decimals), summed in cents.
 */

export const salesGroupings = ['product', 'seller'] as const;
export const salesGroupingSchema = z.enum(salesGroupings);
export type SalesGrouping = z.infer<typeof salesGroupingSchema>;

export const salesMeasures = ['revenue', 'units', 'profit'] as const;
export const salesMeasureSchema = z.enum(salesMeasures);
export type SalesMeasure = z.infer<typeof salesMeasureSchema>;

/** Without `from`, a period ends at `to` (else now) and lasts this many days. */
export const SALES_DEFAULT_DAYS = 30;
/** The longest period one report covers. */
export const SALES_MAX_DAYS = 366 * 3;
export const SALES_TOP_MAX = 100;

const DAY_MS = 86_400_000;

/**
 * A period given whole lasts at most SALES_MAX_DAYS (`from` alone ends now: the server checks
 * that one, with the same message).
 */
export const salesPeriodWithinMax = ({
  from,
  to,
}: {
  from?: Date | undefined;
  to?: Date | undefined;
}) => !from || !to || to.getTime() - from.getTime() <= SALES_MAX_DAYS * DAY_MS;
export const SALES_PERIOD_TOO_LONG = `A period lasts at most ${SALES_MAX_DAYS} days`;

/**
 * `from` and `to` lie in [1970-01-01, 10000-01-01): the answer states its periods as ISO
 * date-times, which have four-digit years, and PostgreSQL has no year 0, where the previous
 * period of a period in year 1 would start (either was a 500 or an unnamed refusal).
 */
const SALES_EARLIEST = Date.UTC(1970, 0, 1);
const SALES_END = Date.UTC(10_000, 0, 1);
export const SALES_DATES_OUT_OF_RANGE = 'Dates must lie between 1970-01-01 and 9999-12-30';
const inSalesRange = (date: Date | undefined) =>
  !date || (date.getTime() >= SALES_EARLIEST && date.getTime() < SALES_END);

/**
 * GET /analytics/sales?by&sort&limit&from&to&format: the top `limit` rows by `sort` (ties by
 * name); `format=csv` downloads the same rows.
 */
export const salesQuerySchema = z
  .object({
    by: salesGroupingSchema.default('product'),
    sort: salesMeasureSchema.default('revenue'),
    limit: pageFields(SALES_TOP_MAX).limit,
    ...dateRangeFields,
    format: exportFormatSchema,
  })
  .refine(({ from }) => inSalesRange(from), { message: SALES_DATES_OUT_OF_RANGE, path: ['from'] })
  .refine(({ to }) => inSalesRange(to), { message: SALES_DATES_OUT_OF_RANGE, path: ['to'] })
  .refine(rangeInOrder, rangeOrderError)
  .refine(salesPeriodWithinMax, { message: SALES_PERIOD_TOO_LONG, path: ['from'] });
export type SalesQueryInput = z.input<typeof salesQuerySchema>;
export type SalesQuery = z.output<typeof salesQuerySchema>;

export const salesFiguresSchema = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  revenue: z.number(),
  profit: z.number(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesRowSchema = z.object({
  /** The product's id, or the seller's (user) id. */
  id: z.uuid(),
  /** The product's name, or the seller's username. */
  name: z.string(),
  /** Sellers only: the seller's role. */
  role: roleSchema.optional(),
  /** Products only: supplied by an upstream Keymarket (DESIGN.md §14). */
  docked: z.boolean().optional(),
  current: salesFiguresSchema,
  /** The same figures over the previous period (zeros when it sold nothing then). */
  previous: salesFiguresSchema,
});
export type SalesRow = z.infer<typeof salesRowSchema>;

const periodSchema = z.object({
  /** Inclusive start and exclusive end, ISO date-times. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
});

export const salesReportSchema = z.object({
  scope: z.enum(['platform', 'downline']),
  by: salesGroupingSchema,
  sort: salesMeasureSchema,
  period: periodSchema,
  /** As long as `period`, ending where it starts. */
  previousPeriod: periodSchema,
  /** Every order in scope, not only the listed rows. */
  totals: z.object({ current: salesFiguresSchema, previous: salesFiguresSchema }),
  rows: z.array(salesRowSchema),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
