ALTER TABLE "users" ADD COLUMN "order_webhooks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- users.order_webhooks follows the user's endpoints: true while one of them is enabled and takes
-- an event the order statement writes. A trigger, so that no path (create, edit, disable, the
-- 24-hour failure switch-off, a deletion) can skip it: an order whose flags all say false writes
-- no event (place_order, 0026_money_functions.sql), so a flag left false would lose events.
-- The user's row is locked before the endpoints are counted, and counted by a statement of its
-- own, so with a snapshot taken once the lock is held: two changes to one user's endpoints at
-- once (a new endpoint while the worker turns a failing one off) are counted one after the
-- other, the second seeing the first's endpoint, never both on snapshots without the other's.
CREATE FUNCTION "users_order_webhooks_sync"(target uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = target FOR NO KEY UPDATE;
  UPDATE "users" u
  SET "order_webhooks" = hooked.value
  FROM (SELECT EXISTS (
    SELECT 1 FROM "webhook_endpoints" e
    WHERE e."user_id" = target AND e."enabled"
      AND e."events" && ARRAY['order.created', 'order.completed']::text[]) AS value) hooked
  WHERE u."id" = target AND u."order_webhooks" IS DISTINCT FROM hooked.value;
END
$$;--> statement-breakpoint
CREATE FUNCTION "webhook_endpoints_order_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "users_order_webhooks_sync"(OLD."user_id");
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "users_order_webhooks_sync"(NEW."user_id");
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW."user_id" <> OLD."user_id" THEN
      PERFORM "users_order_webhooks_sync"(NEW."user_id");
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_endpoints_order_webhooks" AFTER INSERT OR DELETE ON "webhook_endpoints"
FOR EACH ROW EXECUTE FUNCTION "webhook_endpoints_order_webhooks"();--> statement-breakpoint
-- Only when a column the flag depends on changed: the worker's failure bookkeeping sets
-- `enabled` to itself on every failed attempt, and need not lock the owner's row for that.
CREATE TRIGGER "webhook_endpoints_order_webhooks_update" AFTER UPDATE ON "webhook_endpoints"
FOR EACH ROW WHEN (OLD."enabled" IS DISTINCT FROM NEW."enabled"
  OR OLD."events" IS DISTINCT FROM NEW."events" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
EXECUTE FUNCTION "webhook_endpoints_order_webhooks"();--> statement-breakpoint
UPDATE "users" u SET "order_webhooks" = true
WHERE EXISTS (
  SELECT 1 FROM "webhook_endpoints" e
  WHERE e."user_id" = u."id" AND e."enabled"
    AND e."events" && ARRAY['order.created', 'order.completed']::text[]);
