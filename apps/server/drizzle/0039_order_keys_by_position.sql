-- An order's keys in the order they were imported: "Key 1" is the first imported.
-- place_order as migration 0038 wrote it, but for the order of the keys it answers: by position
-- (claim_keys claims the lowest first), no longer by id (random). Every later read of an order's
-- keys orders them by sale time, then position (orderKeysInPlace, after-sale.repository.ts).
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
  SELECT coalesce((SELECT u.order_webhooks FROM users u WHERE u.id = o.buyer_id), false)
         OR EXISTS (SELECT 1 FROM users a WHERE a.role = 'admin' AND a.order_webhooks)
  INTO listened;
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

--> statement-breakpoint
-- The key places already stored (a key's action, a faulty-key report) were ranks by sale time,
-- then id, among the keys the order was delivered (its replacements left out). Each is moved to
-- the same key's rank by sale time, then position: first to minus one minus the new place, then
-- back, so no two rows of an order ever hold one place in between. A docked order's places
-- (upstream_key_reports) are its supplier's keys, in the order delivered: unchanged.
CREATE TEMP TABLE key_places_moved AS
  SELECT k.order_id,
         (row_number() OVER (PARTITION BY k.order_id ORDER BY k.sold_at, k.id) - 1)::int AS old_place,
         (row_number() OVER (PARTITION BY k.order_id ORDER BY k.sold_at, k.position) - 1)::int AS new_place
  FROM product_keys k
  WHERE k.order_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM order_key_actions a WHERE a.replacement_key_id = k.id);
--> statement-breakpoint
UPDATE order_key_actions a SET key_index = -1 - m.new_place
FROM key_places_moved m
WHERE m.order_id = a.order_id AND m.old_place = a.key_index AND m.old_place <> m.new_place;
--> statement-breakpoint
UPDATE order_key_actions SET key_index = -1 - key_index WHERE key_index < 0;
--> statement-breakpoint
UPDATE tickets t SET key_index = -1 - m.new_place
FROM key_places_moved m
WHERE m.order_id = t.order_id AND m.old_place = t.key_index AND m.old_place <> m.new_place;
--> statement-breakpoint
UPDATE tickets SET key_index = -1 - key_index WHERE key_index < 0;
--> statement-breakpoint
DROP TABLE key_places_moved;
