DROP INDEX "product_keys_unsold_idx";--> statement-breakpoint
ALTER TABLE "product_keys" ADD COLUMN "head" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_keys" ADD COLUMN "position" bigserial NOT NULL;--> statement-breakpoint
-- Existing keys take positions in the order they were sold in until now (oldest first, id
-- breaking ties); the sequence already stands past the highest of them.
UPDATE "product_keys" k SET "position" = o.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "product_keys") o
  WHERE k.id = o.id;--> statement-breakpoint
CREATE INDEX "product_keys_unsold_idx" ON "product_keys" USING btree ("product_id","position") WHERE "product_keys"."order_id" is null;