-- Hand-written (drizzle-kit generate --custom): every user gets a row (id, id, depth 0) in the
-- invitation tree, so "a user and its downline" (a manager's or reseller's orders with showAll)
-- is one index range of the closure, `ancestor_id = X`, which the planner estimates from the
-- column's statistics. The union of the user and its downline it replaces was estimated at 200
-- rows whatever the downline's size (bench/README.md, Ledger and orders pages). Readers of the
-- downline alone say `depth > 0` (users/downline.ts).
INSERT INTO "invitation_tree" ("ancestor_id", "descendant_id", "depth")
SELECT "id", "id", 0 FROM "users"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A new user's rows: its own, and one below each row of its inviter's (the inviter's own row
-- gives the direct link, depth 1).
CREATE OR REPLACE FUNCTION "invitation_tree_add_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "invitation_tree" ("ancestor_id", "descendant_id", "depth")
	SELECT "ancestor_id", NEW."id", "depth" + 1 FROM "invitation_tree"
	WHERE NEW."invited_by_id" IS NOT NULL AND "descendant_id" = NEW."invited_by_id"
	UNION ALL
	SELECT NEW."id", NEW."id", 0;
	RETURN NULL;
END
$$;
