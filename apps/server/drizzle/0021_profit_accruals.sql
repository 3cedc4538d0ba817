CREATE TABLE "profit_accruals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profit_accruals_amount_positive" CHECK ("profit_accruals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "profit_accruals_user_idx" ON "profit_accruals" USING btree ("user_id","id");