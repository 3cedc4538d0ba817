-- Purchase limits (docs/adr/0062-purchase-limits.md): a buyer's daily spending cap and most units
-- in one order, set by its inviter or an administrator, and a product's most units in one order
-- and per buyer in a UTC day, set by an administrator.
ALTER TABLE "users" ADD COLUMN "daily_spend_cap_cents" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_daily_quantity" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_daily_spend_cap_nonnegative" CHECK ("users"."daily_spend_cap_cents" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_max_order_quantity_positive" CHECK ("users"."max_order_quantity" >= 1);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_order_quantity_positive" CHECK ("products"."max_order_quantity" >= 1);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_daily_quantity_positive" CHECK ("products"."max_daily_quantity" >= 1);--> statement-breakpoint
-- place_order as migration 0039 wrote it, and step 3 checks the limits: read with the listeners'
-- flag from the buyer's row once the debit (2) holds its lock, so two purchases of one buyer
-- are checked one after the other and each counts the orders the one before it committed. A
-- refusal is KM001 'limit_exceeded', its DETAIL the limit as JSON (order-refusals.ts reads it).
CREATE OR REPLACE FUNCTION "place_order"(
  order_row jsonb,            -- the orders row: its columns by name (jsonb_populate_record)
  claim_count int,            -- unsold keys to claim (an instant sale), else 0
  debit jsonb,                -- the buyer's ledger row context {kind, actor_id, order_id,
                              -- counterparty_id, note}; null for a free order
  margins jsonb,              -- [{seller_id, margin_cents}], nearest the buyer first
  audit jsonb,                -- {actor_id, action, target_type, target_id, before, after}
  idempotency jsonb,          -- {user_id, key, request_hash, status_code, response} or null
  stock_threshold int,        -- the product's threshold when this sale may cross it, else null
  with_events boolean,        -- write order.created (and order.completed) for the subscribers
  created_event jsonb,        -- the events' data, before its times
  pending_note jsonb          -- the order.pending notification's data (a pending order)
) RETURNS TABLE (created_at text, key_id uuid, ciphertext bytea, heard boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  o orders := jsonb_populate_record(NULL::orders, order_row);
  instant boolean := o.delivery_type = 'instant';
  -- Docked: bought upstream after the commit; no local key, stock or administrator involved.
  docked boolean := coalesce(o.sourcing = 'upstream', false);
  purchase_event uuid;
  listened boolean;
  claimed_ids uuid[];
  claimed_texts bytea[];
  sellers_found int;
  placed_at timestamptz;
  placed_text text;
  new_notifications uuid[];
  event_data jsonb;
  stock_after int;
  spend_cap bigint;
  buyer_max_quantity int;
  product_max_quantity int;
  product_max_daily int;
  day_start timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  resets_at text := to_char(date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day',
    'YYYY-MM-DD"T"HH24:MI:SS"Z"');
  spent_today bigint;
  bought_today bigint;
BEGIN
  -- 1. The Idempotency-Key: a record older than 24 hours is forgotten and the key reused.
  IF idempotency IS NOT NULL THEN
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, status_code, response)
    VALUES ((idempotency->>'user_id')::uuid, idempotency->>'key', idempotency->>'request_hash',
      (idempotency->>'status_code')::int, idempotency->'response')
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = excluded.request_hash, status_code = excluded.status_code,
          response = excluded.response, created_at = now()
      WHERE k.created_at < now() - interval '24 hours';
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'idempotency_key_taken';
    END IF;
  END IF;

  -- 2. The buyer pays, through move_bucket (its row locked until the commit).
  IF debit IS NOT NULL THEN
    PERFORM 1 FROM move_bucket(o.buyer_id, 'balance', -o.total_cents,
      (debit->>'kind')::ledger_kind, (debit->>'actor_id')::uuid, (debit->>'order_id')::uuid,
      (debit->>'counterparty_id')::uuid, debit->>'note');
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'insufficient_balance';
    END IF;
  END IF;

  -- 3. Who listens for order events, by the flags a trigger keeps (migration 0022): the buyer's,
  -- read once its row is locked (so an endpoint committed before the debit is seen), and the
  -- administrators'. Without the events nobody may: the service places the order again with
  -- them. Checked before the keys are claimed, which concurrent buyers would otherwise skip.
  -- Read with them: the buyer's and the product's purchase limits.
  SELECT coalesce(u.order_webhooks, false)
           OR EXISTS (SELECT 1 FROM users a WHERE a.role = 'admin' AND a.order_webhooks),
         u.daily_spend_cap_cents, u.max_order_quantity, p.max_order_quantity, p.max_daily_quantity
  INTO listened, spend_cap, buyer_max_quantity, product_max_quantity, product_max_daily
  FROM (SELECT 1) one
  LEFT JOIN users u ON u.id = o.buyer_id
  LEFT JOIN products p ON p.id = o.product_id;

  -- The purchase limits: each order's quantity, then what the buyer ordered since the UTC day
  -- began (its orders not rejected, counted by orders_buyer_idx). The day's sums are read under
  -- the buyer's row lock: the debit's, or taken here for a free order.
  IF o.quantity > buyer_max_quantity THEN
    RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'limit_exceeded',
      DETAIL = jsonb_build_object('limit', 'order_quantity', 'max', buyer_max_quantity,
        'used', 0)::text;
  END IF;
  IF o.quantity > product_max_quantity THEN
    RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'limit_exceeded',
      DETAIL = jsonb_build_object('limit', 'product_order_quantity', 'max', product_max_quantity,
        'used', 0)::text;
  END IF;
  IF spend_cap IS NOT NULL OR product_max_daily IS NOT NULL THEN
    IF debit IS NULL THEN
      PERFORM 1 FROM users u WHERE u.id = o.buyer_id FOR NO KEY UPDATE;
    END IF;
    SELECT coalesce(sum(d.total_cents), 0),
           coalesce(sum(d.quantity) FILTER (WHERE d.product_id = o.product_id), 0)
    INTO spent_today, bought_today
    FROM orders d
    WHERE d.buyer_id = o.buyer_id AND d.created_at >= day_start AND d.status <> 'rejected';
    IF spent_today + o.total_cents > spend_cap THEN
      RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'limit_exceeded',
        DETAIL = jsonb_build_object('limit', 'daily_spend', 'max', spend_cap,
          'used', spent_today, 'resetsAt', resets_at)::text;
    END IF;
    IF bought_today + o.quantity > product_max_daily THEN
      RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'limit_exceeded',
        DETAIL = jsonb_build_object('limit', 'product_daily_quantity', 'max', product_max_daily,
          'used', bought_today, 'resetsAt', resets_at)::text;
    END IF;
  END IF;

  IF listened AND NOT with_events THEN
    RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'order_events';
  END IF;

  -- 4. The keys, lowest position first (claim_keys, the one text that sells keys).
  IF claim_count > 0 THEN
    SELECT array_agg(c.key_id ORDER BY c.key_position), array_agg(c.ciphertext ORDER BY c.key_position)
    INTO claimed_ids, claimed_texts
    FROM claim_keys(o.product_id, array_fill(o.id, ARRAY[claim_count])) c;
    IF claimed_ids IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'out_of_stock';
    END IF;
  END IF;

  -- 5. The stock (stock/stock.ts says why each kind is kept so). A request product's counter
  -- is taken here, on condition (CHECK stock >= 0 backs it). An instant sale appends a change
  -- with the order (6), so concurrent sales of a product never wait for each other; the keys
  -- just claimed prove the stock was there. A backorder takes none: it waits for keys.
  IF NOT instant AND NOT o.backordered AND NOT docked THEN
    UPDATE products SET stock = stock - o.quantity
    WHERE id = o.product_id AND stock >= o.quantity;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'out_of_stock';
    END IF;
  END IF;

  -- 6. The order, with what cannot fall short but a seller: an instant sale's stock change, each
  -- seller's margin appended as an accrual (folded into the profit later, profit-accruals.ts;
  -- the seller's row is read, not locked: 'seller_missing' when one has none), and the audit
  -- row. One statement: each statement of a function is a snapshot and an executor run more.
  -- Each seller is looked up by its key (LATERAL ... OFFSET 0, a lookup per margin the planner
  -- cannot turn into a join): a generic plan guesses a hundred margins and hashed every user.
  WITH placed AS (
    INSERT INTO orders (id, buyer_id, seller_id, product_id, product_name, category_id,
      quantity, delivery_type, unit_price_cents, initial_price_cents, total_cents, status, notes,
      price_chain, delivered_at, backordered, sourcing)
    VALUES (o.id, o.buyer_id, o.seller_id, o.product_id, o.product_name, o.category_id,
      o.quantity, o.delivery_type, o.unit_price_cents, o.initial_price_cents, o.total_cents,
      o.status, o.notes, o.price_chain,
      CASE WHEN o.status = 'completed' THEN now() END, coalesce(o.backordered, false),
      coalesce(o.sourcing, 'local'))
    RETURNING orders.created_at
  ), sold AS (
    INSERT INTO product_stock_changes (product_id, delta)
    SELECT o.product_id, -o.quantity WHERE instant AND NOT o.backordered AND NOT docked
  ), accrued AS (
    INSERT INTO profit_accruals (user_id, amount_cents, order_id, buyer_id)
    SELECT u.id, m.margin_cents, o.id, o.buyer_id
    FROM jsonb_to_recordset(margins) AS m (seller_id uuid, margin_cents bigint)
    CROSS JOIN LATERAL (SELECT u.id FROM users u WHERE u.id = m.seller_id OFFSET 0) u
    RETURNING 1
  ), audited AS (
    INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after)
    VALUES ((audit->>'actor_id')::uuid, audit->>'action', audit->>'target_type',
      audit->>'target_id', audit->>'before', audit->>'after')
  )
  SELECT placed.created_at, (SELECT count(*) FROM accrued) INTO placed_at, sellers_found
  FROM placed;
  IF sellers_found < jsonb_array_length(margins) THEN
    RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'seller_missing';
  END IF;
  placed_text := to_char(placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

  -- Docked: the upstream purchase, at the cost recorded on the order (sent upstream as
  -- maxUnitPrice, so nothing is sold below it), and its outbox delivery. The delivery waits
  -- 30 seconds, longer than the attempt made inside the buyer's request may take
  -- (UPSTREAM_INLINE_TIMEOUT_MS): it is the attempt made when that one could not finish, the
  -- instance died, or the upstream did not answer in time. Both use the order's id as the
  -- Idempotency-Key upstream, so they buy once between them.
  IF docked THEN
    INSERT INTO upstream_orders (order_id, upstream_id, upstream_product_id, unit_cost_cents)
    SELECT o.id, d.upstream_id, d.upstream_product_id, o.initial_price_cents
    FROM docked_products d WHERE d.product_id = o.product_id AND d.paused_at IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = 'out_of_stock';
    END IF;
    INSERT INTO outbox_events (type, user_id, data)
    VALUES ('upstream.purchase', o.buyer_id, jsonb_build_object('orderId', o.id))
    RETURNING id INTO purchase_event;
    INSERT INTO outbox_deliveries (event_id, consumer, target_id, next_attempt_at)
    VALUES (purchase_event, 'upstream', o.id, now() + interval '30 seconds');
  END IF;

  -- Notifications (DESIGN.md §12), without live signals: the service publishes those after the
  -- commit (LivePublisher), since NOTIFY would serialise every order's commit.
  IF o.status = 'pending' AND NOT docked THEN
    WITH written AS (
      INSERT INTO notifications (user_id, type, data)
      SELECT a.id, 'order.pending', pending_note
      FROM users a WHERE a.role = 'admin' AND a.status = 'active'
      RETURNING id
    )
    SELECT array_agg(id) INTO new_notifications FROM written;
    PERFORM queue_notification_emails(new_notifications);
  END IF;

  -- stock.low, once per crossing: the stock after is read now (the counter and the pending
  -- changes, this sale's included, as every statement of a function sees the ones before it);
  -- an administrator with an unread alert for the product is skipped, which
  -- holds two sales crossing at once to one alert.
  IF stock_threshold IS NOT NULL AND NOT o.backordered AND NOT docked THEN
    SELECT p.stock + coalesce((SELECT sum(c.delta) FROM product_stock_changes c
                               WHERE c.product_id = p.id), 0)::int
    INTO stock_after FROM products p WHERE p.id = o.product_id;
    IF stock_after + o.quantity > stock_threshold AND stock_after <= stock_threshold THEN
      WITH written AS (
        INSERT INTO notifications (user_id, type, data)
        SELECT a.id, 'stock.low', jsonb_build_object('productId', o.product_id::text,
          'productName', p.name, 'stock', stock_after, 'threshold', stock_threshold)
        FROM users a CROSS JOIN products p
        WHERE p.id = o.product_id AND a.role = 'admin' AND a.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM notifications seen
                          WHERE seen.user_id = a.id AND seen.read_at IS NULL
                            AND seen.type = 'stock.low'
                            AND seen.data->>'productId' = o.product_id::text)
        RETURNING id
      )
      SELECT array_agg(id) INTO new_notifications FROM written;
      PERFORM queue_notification_emails(new_notifications);
    END IF;
  END IF;

  -- The order's events for whoever subscribed (DESIGN.md §9): the buyer's endpoints and every
  -- administrator's. An instant order is completed as it is created.
  IF with_events AND listened THEN
    event_data := jsonb_set(created_event, '{order,createdAt}', to_jsonb(placed_text));
    IF o.status = 'completed' THEN
      event_data := jsonb_set(event_data, '{order,deliveredAt}', to_jsonb(placed_text));
    END IF;
    WITH recipients AS (
      SELECT e.id AS target_id, e.events FROM webhook_endpoints e
      WHERE e.user_id = o.buyer_id AND e.enabled
        AND e.events && ARRAY['order.created', 'order.completed']
      UNION ALL
      SELECT e.id, e.events FROM users a JOIN webhook_endpoints e ON e.user_id = a.id
      WHERE a.role = 'admin' AND a.id <> o.buyer_id AND e.enabled
        AND e.events && ARRAY['order.created', 'order.completed']
    ), kinds AS (
      SELECT 'order.created' AS type
      UNION ALL SELECT 'order.completed' WHERE o.status = 'completed'
    ), events AS (
      INSERT INTO outbox_events (type, user_id, data)
      SELECT k.type, o.buyer_id, event_data FROM kinds k
      WHERE EXISTS (SELECT 1 FROM recipients r WHERE k.type = ANY(r.events))
      RETURNING id, type
    )
    INSERT INTO outbox_deliveries (event_id, consumer, target_id)
    SELECT ev.id, 'webhook', r.target_id FROM events ev JOIN recipients r ON ev.type = ANY(r.events);
  END IF;

  IF claimed_ids IS NULL THEN
    RETURN QUERY SELECT placed_text, NULL::uuid, NULL::bytea, listened;
  ELSE
    RETURN QUERY SELECT placed_text, k.id, k.ct, listened
      FROM unnest(claimed_ids, claimed_texts) WITH ORDINALITY AS k (id, ct, place)
      ORDER BY k.place;
  END IF;
END
$$;
