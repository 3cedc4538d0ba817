CREATE TABLE "upstream_key_reports" (
	"order_id" uuid NOT NULL,
	"key_index" integer NOT NULL,
	"upstream_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upstream_key_reports_order_id_key_index_pk" PRIMARY KEY("order_id","key_index"),
	CONSTRAINT "upstream_key_reports_status" CHECK ("upstream_key_reports"."status" in ('pending', 'forwarded', 'answered', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "order_key_actions" ALTER COLUMN "key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_key_actions" ADD COLUMN "replacement_ciphertext" "bytea";--> statement-breakpoint
ALTER TABLE "upstream_key_reports" ADD CONSTRAINT "upstream_key_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_key_reports" ADD CONSTRAINT "upstream_key_reports_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upstream_key_reports_forwarded_idx" ON "upstream_key_reports" USING btree ("upstream_id") WHERE "upstream_key_reports"."status" = 'forwarded';