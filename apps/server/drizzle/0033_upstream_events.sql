CREATE TABLE "upstream_events" (
	"upstream_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upstream_events_upstream_id_event_id_pk" PRIMARY KEY("upstream_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "docked_products" ADD COLUMN "on_upstream_failure" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "upstreams" ADD COLUMN "balance_low_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upstreams" ADD COLUMN "webhook_id" uuid;--> statement-breakpoint
ALTER TABLE "upstreams" ADD COLUMN "webhook_secret_ciphertext" "bytea";--> statement-breakpoint
ALTER TABLE "upstream_events" ADD CONSTRAINT "upstream_events_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upstream_events_received_idx" ON "upstream_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "docked_products" ADD CONSTRAINT "docked_products_on_upstream_failure" CHECK ("docked_products"."on_upstream_failure" in ('refund', 'wait'));