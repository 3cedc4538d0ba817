-- The catalogue version follows a product's purchase limits too (migration 0040 added them): an
-- administrator's product list shows them, so a change must rebuild the kept lists. The trigger's
-- column list is every column of products but the stock (which the lists read apart) and
-- updated_at, as migration 0031 wrote it, with the two limits.
DROP TRIGGER "products_catalogue_version_rows" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version_rows"
  AFTER INSERT OR DELETE OR UPDATE OF
    "id", "name", "description", "image_file_id", "category_id", "subcategory_id",
    "delivery_type", "is_new", "initial_price_cents", "manager_price_cents",
    "reseller_price_cents", "low_stock_threshold", "allow_backorder", "deleted_at", "created_at",
    "upstream_id", "max_order_quantity", "max_daily_quantity"
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_catalogue_version"();
