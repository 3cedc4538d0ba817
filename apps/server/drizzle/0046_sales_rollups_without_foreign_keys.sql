-- The sales rollups keep no foreign keys: checking one per row was 6.4 s of the first rollup of
-- 876,429 rows (bench/results/sales-analytics.md). Their ids come from orders, whose own keys hold
-- them, and products and users with orders are never deleted.
ALTER TABLE "channel_daily_sales" DROP CONSTRAINT "channel_daily_sales_channel_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "product_daily_sales" DROP CONSTRAINT "product_daily_sales_product_id_products_id_fk";
