CREATE TABLE "product_catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not generate rows, functions or triggers): the one row,
-- and the trigger that bumps it, in the writer's transaction, with every statement that inserts,
-- deletes or changes a column of products other than stock and updated_at (sales and stock folds
-- change only the stock, so they leave the whole-catalogue list cache valid; see
-- modules/catalogue-list/product-list-cache.ts). A new column of products must be added to the list
-- (test/catalogue-list-cache.test.ts checks it).
INSERT INTO "product_catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_product_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version_rows"
  AFTER INSERT OR DELETE OR UPDATE OF
    "id", "name", "description", "image_file_id", "category_id", "subcategory_id",
    "delivery_type", "is_new", "initial_price_cents", "manager_price_cents",
    "reseller_price_cents", "low_stock_threshold", "allow_backorder", "deleted_at", "created_at"
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version_truncate"
  AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_catalogue_version"();
