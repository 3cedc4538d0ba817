import { z } from './zod';

/** The first offending rows a failing check shows, as read from the database. */
export const RECONCILIATION_ROWS_SHOWN = 10;

export const reconciliationCheckSchema = z.object({
  /** Stable identifier of the invariant, e.g. `buckets_equal_ledger_sums`. */
  name: z.string(),
  ok: z.boolean(),
  /** One English sentence: what was checked, or what was found. */
  detail: z.string(),
  /** The first offending rows (each names its user where there is one); empty when ok. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type ReconciliationCheck = z.infer<typeof reconciliationCheckSchema>;

/** GET /admin/reconciliation: the money invariants of DESIGN.md §5 on the whole database. */
export const reconciliationSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.iso.datetime(),
  checks: z.array(reconciliationCheckSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** GET /admin/reconciliation/last: the last result stored, null before the first run. */
export const lastReconciliationSchema = z.object({ last: reconciliationSchema.nullable() });
