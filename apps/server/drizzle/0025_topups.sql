CREATE TYPE "public"."topup_method_kind" AS ENUM('manual', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."topup_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled', 'expired');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'topup';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'topup.requested';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'topup.approved';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'topup.rejected';--> statement-breakpoint
CREATE TABLE "topup_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_ar" text NOT NULL,
	"instructions_en" text NOT NULL,
	"instructions_fr" text NOT NULL,
	"instructions_ar" text NOT NULL,
	"kind" "topup_method_kind" NOT NULL,
	"currency_code" text NOT NULL,
	"min_amount_cents" bigint NOT NULL,
	"max_amount_cents" bigint NOT NULL,
	"fee_percent" numeric(5, 2) NOT NULL,
	"fee_fixed_cents" bigint NOT NULL,
	"proof_required" boolean NOT NULL,
	"enabled" boolean NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_methods_amounts" CHECK ("topup_methods"."min_amount_cents" > 0 and "topup_methods"."max_amount_cents" >= "topup_methods"."min_amount_cents"),
	CONSTRAINT "topup_methods_fee" CHECK ("topup_methods"."fee_percent" between 0 and 20 and "topup_methods"."fee_fixed_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "topup_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"funder_id" uuid,
	"method_id" uuid NOT NULL,
	"status" "topup_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"rate_to_usd" numeric(13, 6) NOT NULL,
	"fee_cents" bigint NOT NULL,
	"credit_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"proof_file_id" uuid,
	"checkout_url" text,
	"provider_session_id" text,
	"provider_ref" text,
	"amount_mismatch" boolean DEFAULT false NOT NULL,
	"credit_entry_id" bigint,
	"note" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" uuid,
	CONSTRAINT "topup_requests_amounts" CHECK ("topup_requests"."amount_cents" > 0 and "topup_requests"."fee_cents" >= 0 and "topup_requests"."credit_cents" > 0),
	CONSTRAINT "topup_requests_approved_credited" CHECK (("topup_requests"."status" = 'approved') = ("topup_requests"."credit_entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "topup_methods" ADD CONSTRAINT "topup_methods_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_funder_id_users_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_method_id_topup_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."topup_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_proof_file_id_files_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topup_methods_owner_idx" ON "topup_methods" USING btree ("owner_id") WHERE "topup_methods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "topup_requests_user_idx" ON "topup_requests" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "topup_requests_funder_idx" ON "topup_requests" USING btree ("funder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "topup_requests_pending_idx" ON "topup_requests" USING btree ("user_id") WHERE "topup_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_provider_ref_unique" ON "topup_requests" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_session_unique" ON "topup_requests" USING btree ("provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_credit_entry_unique" ON "topup_requests" USING btree ("credit_entry_id");