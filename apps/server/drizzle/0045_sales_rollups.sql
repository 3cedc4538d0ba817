-- "What sells" (GET /analytics/sales, docs/adr/0069-sales-analytics.md): the platform's completed
-- orders per finished UTC day and product, and per day and channel (the top of the order's pricing
-- chain), so a year's ranking sums days instead of a million orders. Filled by the first call that
-- needs a day, under the analytics_rollup_marks scope 'platform-sales'; today and yesterday are read
-- from orders.
CREATE TABLE "channel_daily_sales" (
	"day" date NOT NULL,
	"channel_id" uuid NOT NULL,
	"completed_orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"profit_cents" bigint NOT NULL,
	CONSTRAINT "channel_daily_sales_day_channel_id_pk" PRIMARY KEY("day","channel_id")
);
--> statement-breakpoint
CREATE TABLE "product_daily_sales" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"completed_orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"profit_cents" bigint NOT NULL,
	CONSTRAINT "product_daily_sales_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
ALTER TABLE "channel_daily_sales" ADD CONSTRAINT "channel_daily_sales_channel_id_users_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_daily_sales" ADD CONSTRAINT "product_daily_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;