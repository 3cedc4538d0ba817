-- The catalogue's version (migration 0018) follows products.upstream_id too: a product docked
-- from a supplier or let go of it changes how the list shows it, so the lists built before must
-- be built again. The trigger's column list is every column of products but the stock (which
-- the lists read apart) and updated_at.
DROP TRIGGER "products_catalogue_version_rows" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version_rows"
  AFTER INSERT OR DELETE OR UPDATE OF
    "id", "name", "description", "image_file_id", "category_id", "subcategory_id",
    "delivery_type", "is_new", "initial_price_cents", "manager_price_cents",
    "reseller_price_cents", "low_stock_threshold", "allow_backorder", "deleted_at", "created_at",
    "upstream_id"
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_product_catalogue_version"();
