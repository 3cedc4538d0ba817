-- Standing price rules (docs/adr/0071-standing-price-rules.md): a seller's invitees pay the
-- seller's own cost plus a markup, for one category or (category_id null) for every product, when
-- neither a manager package nor a hand-set seller_prices row prices the product. The markup is
-- kept in basis points (hundredths of a percent, 0 to 1,000 %) so the price is integer arithmetic
-- on bigint cents. One rule per seller and category: the everything rule is unique too (nulls not
-- distinct). Pricing reads this table (pricing-inputs.ts), so a rule's change makes a new
-- fingerprint for the cached catalogue lists of the seller's chains.
CREATE TABLE "price_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"category_id" uuid,
	"markup_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_rules_seller_category" UNIQUE NULLS NOT DISTINCT("seller_id","category_id"),
	CONSTRAINT "price_rules_markup_range" CHECK ("price_rules"."markup_basis_points" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
