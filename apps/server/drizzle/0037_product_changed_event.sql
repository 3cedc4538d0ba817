-- `product.changed` (DESIGN.md §14): a product changed for the platforms that buy it through
-- /api/v1 (its price for them, deleted or restored, out of stock or back in), written into the
-- outbox by the database in the writer's own transaction, whichever code path made the change
-- (an administrator's edit, a sale, a key import, a docked product's own sync). Each subscriber
-- gets one event, `data: { product: { id }, changes }`, and reads the product at its price with
-- GET /v1/products/{id}. Nothing is written, and almost nothing read, while no endpoint
-- subscribes to `product.changed`.
CREATE FUNCTION "record_product_changed"(p_product uuid, p_changes text[], p_roles text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH recipients AS (
    SELECT e.id AS endpoint_id, e.user_id
    FROM webhook_endpoints e JOIN users u ON u.id = e.user_id
    WHERE e.enabled AND 'product.changed' = ANY (e.events)
      AND u.status = 'active' AND u.role::text = ANY (p_roles)
  ), inserted AS (
    INSERT INTO outbox_events (type, user_id, data)
    SELECT 'product.changed', r.user_id,
      jsonb_build_object('product', jsonb_build_object('id', p_product), 'changes', to_jsonb(p_changes))
    FROM (SELECT DISTINCT user_id FROM recipients) r
    RETURNING id, user_id
  )
  INSERT INTO outbox_deliveries (event_id, consumer, target_id)
  SELECT i.id, 'webhook', r.endpoint_id FROM inserted i JOIN recipients r ON r.user_id = i.user_id;
END $$;--> statement-breakpoint
-- A product's own row: its prices (told to the role whose price moved; administrators buy at
-- the reseller price), deleted or restored, and its stock counter crossing zero (an
-- administrator's stock, a key import, a docked product's sync).
CREATE FUNCTION "product_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending int;
  was_in boolean;
  is_in boolean;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e
                 WHERE e.enabled AND 'product.changed' = ANY (e.events)) THEN
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM record_product_changed(NEW.id, ARRAY['deleted'], ARRAY['admin', 'manager', 'reseller']);
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
    PERFORM record_product_changed(NEW.id, ARRAY['restored'], ARRAY['admin', 'manager', 'reseller']);
    RETURN NULL;
  END IF;
  IF NEW.deleted_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF OLD.manager_price_cents <> NEW.manager_price_cents THEN
    PERFORM record_product_changed(NEW.id, ARRAY['price'], ARRAY['manager']);
  END IF;
  IF OLD.reseller_price_cents <> NEW.reseller_price_cents THEN
    PERFORM record_product_changed(NEW.id, ARRAY['price'], ARRAY['admin', 'reseller']);
  END IF;
  IF OLD.stock <> NEW.stock THEN
    SELECT coalesce(sum(c.delta), 0)::int INTO pending
    FROM product_stock_changes c WHERE c.product_id = NEW.id;
    was_in := OLD.stock + pending > 0;
    is_in := NEW.stock + pending > 0;
    IF was_in <> is_in THEN
      PERFORM record_product_changed(NEW.id,
        ARRAY[CASE WHEN is_in THEN 'in_stock' ELSE 'out_of_stock' END],
        ARRAY['admin', 'manager', 'reseller']);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_changed_event" AFTER UPDATE ON "products"
  FOR EACH ROW
  WHEN (OLD.manager_price_cents IS DISTINCT FROM NEW.manager_price_cents
     OR OLD.reseller_price_cents IS DISTINCT FROM NEW.reseller_price_cents
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
     OR OLD.stock IS DISTINCT FROM NEW.stock)
  EXECUTE FUNCTION "product_row_changed"();--> statement-breakpoint
-- A sale (or a key moved out of or into a product) appends a stock change rather than touching
-- the product's row: one call per statement, which looks at the products whose stock crossed
-- zero with it. The first read answers at once while nobody subscribes.
CREATE FUNCTION "product_stock_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  stock_now int;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e
                 WHERE e.enabled AND 'product.changed' = ANY (e.events)) THEN
    RETURN NULL;
  END IF;
  FOR r IN SELECT a.product_id, sum(a.delta)::int AS delta FROM stock_added a GROUP BY a.product_id LOOP
    SELECT p.stock + coalesce((SELECT sum(c.delta) FROM product_stock_changes c
                               WHERE c.product_id = p.id), 0)::int
      INTO stock_now FROM products p WHERE p.id = r.product_id AND p.deleted_at IS NULL;
    IF stock_now IS NOT NULL AND (stock_now - r.delta > 0) <> (stock_now > 0) THEN
      PERFORM record_product_changed(r.product_id,
        ARRAY[CASE WHEN stock_now > 0 THEN 'in_stock' ELSE 'out_of_stock' END],
        ARRAY['admin', 'manager', 'reseller']);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_stock_changes_event" AFTER INSERT ON "product_stock_changes"
  REFERENCING NEW TABLE AS stock_added
  FOR EACH STATEMENT EXECUTE FUNCTION "product_stock_changed"();
