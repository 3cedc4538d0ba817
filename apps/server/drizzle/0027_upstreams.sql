CREATE TYPE "public"."order_sourcing" AS ENUM('local', 'upstream');--> statement-breakpoint
CREATE TYPE "public"."upstream_order_status" AS ENUM('pending', 'completed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."upstream_status" AS ENUM('unknown', 'ok', 'failing');--> statement-breakpoint
CREATE TABLE "docked_products" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"upstream_id" uuid NOT NULL,
	"upstream_product_id" uuid NOT NULL,
	"markup_basis_points" integer NOT NULL,
	"markup_fixed_cents" bigint NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docked_products_markup_nonnegative" CHECK ("docked_products"."markup_basis_points" >= 0 and "docked_products"."markup_fixed_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "upstream_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"upstream_id" uuid NOT NULL,
	"upstream_product_id" uuid NOT NULL,
	"unit_cost_cents" bigint NOT NULL,
	"status" "upstream_order_status" DEFAULT 'pending' NOT NULL,
	"upstream_order_id" uuid,
	"upstream_status" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstreams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'keymarket-v1' NOT NULL,
	"base_url" text NOT NULL,
	"api_key_ciphertext" "bytea" NOT NULL,
	"status" "upstream_status" DEFAULT 'unknown' NOT NULL,
	"balance_cents" bigint,
	"low_balance_alert_cents" bigint,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upstream_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sourcing" "order_sourcing" DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "docked_products" ADD CONSTRAINT "docked_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docked_products" ADD CONSTRAINT "docked_products_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_orders" ADD CONSTRAINT "upstream_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_orders" ADD CONSTRAINT "upstream_orders_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "docked_products_upstream_product_key" ON "docked_products" USING btree ("upstream_id","upstream_product_id");--> statement-breakpoint
CREATE INDEX "upstream_orders_upstream_idx" ON "upstream_orders" USING btree ("upstream_id","created_at");--> statement-breakpoint
CREATE INDEX "upstream_orders_pending_idx" ON "upstream_orders" USING btree ("created_at") WHERE "upstream_orders"."status" = 'pending';