ALTER TABLE "users" ADD COLUMN "order_webhooks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- users.order_webhooks follows the user's endpoints: true while one of them is enabled and takes
-- an event the order statement writes. A trigger, so that no path (create, edit, disable, the
-- 24-hour failure switch-off, a deletion) can leave it behind: an order whose flags all say false
-- writes no event (place-order.statement.ts, "Events"), so a flag left false would lose events.
CREATE FUNCTION "users_order_webhooks_sync"(target uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "users" u
  SET "order_webhooks" = hooked.value
  FROM (SELECT EXISTS (
    SELECT 1 FROM "webhook_endpoints" e
    WHERE e."user_id" = target AND e."enabled"
      AND e."events" && ARRAY['order.created', 'order.completed']::text[]) AS value) hooked
  WHERE u."id" = target AND u."order_webhooks" IS DISTINCT FROM hooked.value;
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
-- Only the columns the flag depends on: the outbox worker's bookkeeping (failing_since) skips it.
CREATE TRIGGER "webhook_endpoints_order_webhooks" AFTER INSERT OR DELETE OR UPDATE OF "enabled", "events", "user_id"
ON "webhook_endpoints" FOR EACH ROW EXECUTE FUNCTION "webhook_endpoints_order_webhooks"();--> statement-breakpoint
UPDATE "users" u SET "order_webhooks" = true
WHERE EXISTS (
  SELECT 1 FROM "webhook_endpoints" e
  WHERE e."user_id" = u."id" AND e."enabled"
    AND e."events" && ARRAY['order.created', 'order.completed']::text[]);
