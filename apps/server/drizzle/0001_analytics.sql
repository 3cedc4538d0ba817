-- Search (users_search_trgm_idx, products_name_trgm_idx) answers ILIKE '%…%' with trigram indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "analytics_rollup_marks" (
	"scope" text PRIMARY KEY NOT NULL,
	"rolled_until" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downline_daily_sales" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completed_orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "downline_daily_sales_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "invitation_tree" (
	"ancestor_id" uuid NOT NULL,
	"descendant_id" uuid NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "invitation_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "platform_daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"placed_orders" integer NOT NULL,
	"completed_orders" integer NOT NULL,
	"rejected_orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"platform_share_cents" bigint NOT NULL,
	"platform_cost_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "initial_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "downline_daily_sales" ADD CONSTRAINT "downline_daily_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tree" ADD CONSTRAINT "invitation_tree_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tree" ADD CONSTRAINT "invitation_tree_descendant_id_users_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_tree_descendant_idx" ON "invitation_tree" USING btree ("descendant_id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("username" || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ledger_profit_out_idx" ON "ledger_entries" USING btree ("user_id") WHERE "ledger_entries"."bucket" = 'profit' and "ledger_entries"."amount_cents" < 0;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "orders_responded_idx" ON "orders" USING btree ("responded_at");--> statement-breakpoint
-- The closure of the invitation tree for the users already there.
WITH RECURSIVE "links" AS (
	SELECT "invited_by_id" AS "ancestor_id", "id" AS "descendant_id", 1 AS "depth"
	FROM "users" WHERE "invited_by_id" IS NOT NULL
	UNION ALL
	SELECT "u"."invited_by_id", "links"."descendant_id", "links"."depth" + 1
	FROM "links" JOIN "users" "u" ON "u"."id" = "links"."ancestor_id"
	WHERE "u"."invited_by_id" IS NOT NULL
)
INSERT INTO "invitation_tree" ("ancestor_id", "descendant_id", "depth")
SELECT "ancestor_id", "descendant_id", "depth" FROM "links";--> statement-breakpoint
-- Every new user gets its links, whoever inserts it (registration, admin, seeds, tests, raw SQL).
CREATE FUNCTION "invitation_tree_add_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."invited_by_id" IS NOT NULL THEN
		INSERT INTO "invitation_tree" ("ancestor_id", "descendant_id", "depth")
		SELECT "ancestor_id", NEW."id", "depth" + 1 FROM "invitation_tree"
		WHERE "descendant_id" = NEW."invited_by_id"
		UNION ALL
		SELECT NEW."invited_by_id", NEW."id", 1;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_invitation_tree" AFTER INSERT ON "users"
FOR EACH ROW EXECUTE FUNCTION "invitation_tree_add_user"();--> statement-breakpoint
-- Moving a user would rewrite the links of its whole subtree and the downline rollups: refused.
CREATE FUNCTION "users_inviter_is_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'users.invited_by_id cannot change: invitation_tree and the downline rollups depend on it';
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_inviter_fixed" BEFORE UPDATE OF "invited_by_id" ON "users"
FOR EACH ROW WHEN (OLD."invited_by_id" IS DISTINCT FROM NEW."invited_by_id")
EXECUTE FUNCTION "users_inviter_is_fixed"();
