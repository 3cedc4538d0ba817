-- The log of changes to products' stock counters, for readers that keep every product's stock
-- between two reads (the catalogue list): stock/stock.ts `stockSince` reads the products logged
-- since its last read instead of every product. Appended by a statement trigger (one insert per
-- statement that changed counters; no lock any other writer waits on), pruned by the stock fold
-- up to a horizon (`pruneStockLog`).
CREATE TABLE "product_stock_log" (
	"product_id" uuid NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL
);--> statement-breakpoint
CREATE INDEX "product_stock_log_xid_idx" ON "product_stock_log" USING btree ("xid");--> statement-breakpoint
-- One row: rows below `xid` may have been pruned; `next_xid`, taken at `next_at`, is the next
-- horizon, used once a minute has passed (a reader's last read is then long past it).
CREATE TABLE "product_stock_log_horizon" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"xid" xid8 DEFAULT '0' NOT NULL,
	"next_xid" xid8 DEFAULT pg_snapshot_xmin(pg_current_snapshot()) NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "product_stock_log_horizon" ("id") VALUES (1);--> statement-breakpoint
CREATE FUNCTION "log_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock_log (product_id)
  SELECT n.id FROM stock_new n JOIN stock_old o ON o.id = n.id WHERE n.stock <> o.stock;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Transition tables take no column list, so it runs after every update of products; an update
-- that leaves every stock as it was logs nothing.
CREATE TRIGGER "products_stock_log" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS stock_old NEW TABLE AS stock_new
  FOR EACH STATEMENT EXECUTE FUNCTION "log_product_stock"();
