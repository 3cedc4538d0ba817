CREATE TYPE "public"."order_key_action" AS ENUM('replaced', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'refund_unit';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'margin_reversal';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'order.key_replaced';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'order.unit_refunded';--> statement-breakpoint
CREATE TABLE "order_key_actions" (
	"order_id" uuid NOT NULL,
	"key_index" integer NOT NULL,
	"action" "order_key_action" NOT NULL,
	"key_id" uuid NOT NULL,
	"replacement_key_id" uuid,
	"refund_cents" bigint,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_key_actions_order_id_key_index_pk" PRIMARY KEY("order_id","key_index")
);
--> statement-breakpoint
DROP INDEX "tickets_one_open_per_user";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allow_backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "backordered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "key_index" integer;--> statement-breakpoint
ALTER TABLE "order_key_actions" ADD CONSTRAINT "order_key_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_key_actions" ADD CONSTRAINT "order_key_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_backorders_idx" ON "orders" USING btree ("product_id","created_at","id") WHERE "orders"."backordered" and "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_report_per_key" ON "tickets" USING btree ("order_id","key_index") WHERE "tickets"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_open_per_user" ON "tickets" USING btree ("user_id") WHERE "tickets"."status" <> 'closed' and "tickets"."order_id" is null;