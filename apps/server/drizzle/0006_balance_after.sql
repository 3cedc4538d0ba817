-- Every ledger row carries the bucket's value after it (DESIGN.md §10). Existing rows get the
-- running sum of their bucket's rows in ledger order (created_at, then id), which ends at the
-- bucket itself because a bucket equals the sum of its rows.
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after_cents" bigint;--> statement-breakpoint
UPDATE "ledger_entries" l SET "balance_after_cents" = r.after
FROM (
  SELECT id, sum(amount_cents) OVER (
    PARTITION BY user_id, bucket ORDER BY created_at, id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
  ) AS after
  FROM "ledger_entries"
) r
WHERE r.id = l.id;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after_cents" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_user_time_idx" ON "ledger_entries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
