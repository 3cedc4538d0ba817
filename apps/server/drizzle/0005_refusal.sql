-- An order's writes go out as one statement (orders.repository.ts, placeOrder): one round trip
-- instead of a transaction's six. A statement cannot stop half-way, but it can fail, and a
-- failed statement leaves nothing behind. The statement passes its verdict here (null: go on)
-- and this raises it as SQLSTATE KM001, which the server reads back as the refusal. STABLE (it
-- reads nothing and changes nothing) lets PostgreSQL check it once, before the statement's rows.
CREATE FUNCTION keymarket_refuse(reason text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF reason IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KM001', MESSAGE = reason;
  END IF;
  RETURN true;
END
$$;
