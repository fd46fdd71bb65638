-- The purchase fee becomes a journal of its own ("fee"), next to the "open" journal that moves
-- the margin, so a member's fund records show each charge on its own line.
CREATE OR REPLACE FUNCTION open_position(
  p_member uuid, p_key text, p_hash text, p_order bigint, p_symbol text, p_currency text, p_side text,
  p_quantity bigint, p_leverage bigint, p_session text, p_open_price text, p_notional bigint,
  p_margin bigint, p_fee bigint, p_memo text, p_now bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored record;
  v_available bigint;
  v_available_id bigint;
  v_margin_id bigint;
  v_fees_id bigint;
  v_order bigint := p_order;
  v_position bigint;
  v_journal bigint;
  v_body jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (member_id, key, request_hash, status, response, created_at_ms)
      VALUES (p_member, p_key, p_hash, 0, '', p_now) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT request_hash, status, response INTO v_stored FROM idempotency_keys
        WHERE member_id = p_member AND key = p_key;
      IF v_stored.request_hash <> p_hash THEN
        RAISE EXCEPTION 'IDEMPOTENCY_KEY_REUSED' USING ERRCODE = 'KB001';
      END IF;
      RETURN jsonb_build_object('replayed', true, 'status', v_stored.status, 'body', v_stored.response::jsonb);
    END IF;
  END IF;

  INSERT INTO ledger_accounts (member_id, purpose, currency)
    VALUES (p_member, 'available', p_currency), (p_member, 'margin', p_currency), (NULL, 'fees', p_currency)
    ON CONFLICT DO NOTHING;
  SELECT id, balance INTO v_available_id, v_available FROM ledger_accounts
    WHERE member_id = p_member AND purpose = 'available' AND currency = p_currency FOR UPDATE;
  IF v_available < p_margin + p_fee THEN
    RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'KB002', DETAIL = v_available::text;
  END IF;
  SELECT id INTO v_margin_id FROM ledger_accounts
    WHERE member_id = p_member AND purpose = 'margin' AND currency = p_currency;
  SELECT id INTO v_fees_id FROM ledger_accounts
    WHERE member_id IS NULL AND purpose = 'fees' AND currency = p_currency;

  IF v_order IS NULL THEN
    INSERT INTO orders (member_id, symbol, side, type, quantity, leverage, session, status, created_at_ms, updated_at_ms)
      VALUES (p_member, p_symbol, p_side, 'market', p_quantity, p_leverage, p_session, 'filled', p_now, p_now)
      RETURNING id INTO v_order;
  END IF;
  INSERT INTO positions (member_id, symbol, currency, side, quantity, leverage, open_order_id, open_price,
      open_notional_minor, initial_margin_minor, margin_minor, open_fee_minor, status, opened_at_ms)
    VALUES (p_member, p_symbol, p_currency, p_side, p_quantity, p_leverage, v_order, p_open_price,
      p_notional, p_margin, p_margin, p_fee, 'holding', p_now)
    RETURNING id INTO v_position;
  UPDATE orders SET status = 'filled', fill_price = p_open_price, position_id = v_position, held_minor = 0,
      updated_at_ms = p_now
    WHERE id = v_order;

  INSERT INTO journals (kind, member_id, ref, memo, created_at_ms)
    VALUES ('open', p_member, 'position:' || v_position, p_memo, p_now) RETURNING id INTO v_journal;
  -- Credits first: the non-negative check on balances runs row by row.
  INSERT INTO entries (journal_id, account_id, currency, amount)
    VALUES (v_journal, v_margin_id, p_currency, p_margin), (v_journal, v_available_id, p_currency, -p_margin);
  IF p_fee > 0 THEN
    INSERT INTO journals (kind, member_id, ref, memo, created_at_ms)
      VALUES ('fee', p_member, 'position:' || v_position, 'purchase fee', p_now) RETURNING id INTO v_journal;
    INSERT INTO entries (journal_id, account_id, currency, amount)
      VALUES (v_journal, v_fees_id, p_currency, p_fee), (v_journal, v_available_id, p_currency, -p_fee);
  END IF;

  -- The same shape as the API's order JSON (toOrder); a test holds the two together.
  SELECT jsonb_build_object(
      'id', o.id::text, 'symbol', o.symbol, 'side', o.side, 'type', o.type, 'quantity', o.quantity,
      'leverage', o.leverage, 'limitPrice', NULL, 'session', o.session, 'status', o.status,
      'held', o.held_minor::text, 'currency', p_currency, 'fillPrice', o.fill_price,
      'positionId', o.position_id::text, 'createdAtMs', o.created_at_ms, 'updatedAtMs', o.updated_at_ms)
    INTO v_body FROM orders o WHERE o.id = v_order;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status = 201, response = v_body::text WHERE member_id = p_member AND key = p_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'status', 201, 'body', v_body, 'positionId', v_position::text);
END $$;
