DROP INDEX "ledger_user_time_idx";--> statement-breakpoint
CREATE INDEX "ledger_user_amount_idx" ON "ledger_entries" USING btree ("user_id","amount_cents","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_user_time_idx" ON "ledger_entries" USING btree ("user_id","created_at","id");