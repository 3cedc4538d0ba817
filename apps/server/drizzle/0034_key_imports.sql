CREATE TYPE "public"."key_import_status" AS ENUM('queued', 'running', 'done', 'cancelled', 'failed');--> statement-breakpoint
CREATE TABLE "key_import_parts" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "key_import_parts_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "key_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"key_column" integer,
	"csv" boolean NOT NULL,
	"status" "key_import_status" DEFAULT 'queued' NOT NULL,
	"lines_total" integer NOT NULL,
	"keys_total" integer NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"lines_read" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"blanks" integer DEFAULT 0 NOT NULL,
	"backorders_filled" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "key_import_parts" ADD CONSTRAINT "key_import_parts_import_id_key_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."key_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_import_parts" ADD CONSTRAINT "key_import_parts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_imports" ADD CONSTRAINT "key_imports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_imports" ADD CONSTRAINT "key_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_imports_product_idx" ON "key_imports" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "key_imports_active_idx" ON "key_imports" USING btree ("created_at") WHERE "key_imports"."status" in ('queued', 'running');