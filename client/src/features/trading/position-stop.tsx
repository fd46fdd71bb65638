import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { Order, Position } from "@kabuto/shared/api/trading";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { formatPrice } from "@kabuto/shared/format";
import type { Side } from "@kabuto/shared/trading/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { StepperField } from "../../app/stepper-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useQuote } from "../../state/topics.ts";
import { priceDigits } from "../market/instrument.ts";
import { orderErrorField, stepPrice, triggerPriceError } from "./order-form.ts";
import { applyOrder, usePendingOrders } from "./trading-store.ts";

/**
 * A holding position's stop order to close it (逆指値の決済): a sell stop below the last price for
 * a long, a buy stop above it for a short, for the whole position and valid for today. When the
 * last trade crosses the trigger the server closes the position at market, as the member's own
 * close would; the stops waiting on it are listed here with their trigger and can be cancelled.
 */
export function PositionStop({
  position,
  instrument,
}: {
  position: Position;
  instrument: InstrumentWithQuote | undefined;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const online = useOnline();
  const quote = useQuote(position.symbol) ?? instrument?.quote;
  const pending = usePendingOrders();
  const [trigger, setTrigger] = useState("");
  const [error, setError] = useState<FieldError | undefined>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const [cancelKeys] = useState(() => new IntentKeys());
  const side: Side = position.side === "long" ? "short" : "long";
  const stops = (pending.value ?? []).filter((order) => order.closesPositionId === position.id);
  const digits = priceDigits(position.symbol, instrument?.tickTable, quote?.last);
  const price = (value: string) => formatPrice(value, locale, { fractionDigits: digits });
  const from = trigger.trim() === "" ? (quote?.last ?? "") : trigger;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!instrument) return;
    const market = instrument.market;
    const checked = triggerPriceError(trigger, side, {
      market,
      lotSize: instrument.lotSize,
      tickTable: instrument.tickTable,
      limitUp: quote?.limitUp,
      limitDown: quote?.limitDown,
      last: quote?.last,
    });
    setError(checked);
    if (checked) return;
    const body = {
      symbol: position.symbol,
      side,
      type: "stop" as const,
      quantity: position.quantity,
      leverage: position.leverage,
      triggerPrice: trigger.trim(),
      closesPositionId: position.id,
    };
    setBusy(true);
    try {
      const placed = await call(
        tradingApi.placeOrder,
        { body },
        { idempotencyKey: keys.keyFor(JSON.stringify(body)) },
      );
      keys.settle();
      applyOrder(placed);
      afterOwnAction();
      setTrigger("");
      notifySuccess(t`Stop order placed`);
    } catch (caught) {
      keys.settle(caught);
      const code = errorCode(caught);
      const fieldCode = caught instanceof ApiError ? caught.fields.triggerPrice : undefined;
      setError(fieldCode ?? (orderErrorField(code) === "trigger" ? code : undefined));
      notifyError(caught);
    } finally {
      setBusy(false);
    }
  }

  async function cancel(order: Order) {
    try {
      const cancelled = await call(
        tradingApi.cancelOrder,
        { params: { id: order.id } },
        { idempotencyKey: cancelKeys.keyFor(order.id) },
      );
      cancelKeys.settle();
      applyOrder(cancelled);
      afterOwnAction();
      notifySuccess(t`Order cancelled`);
    } catch (caught) {
      cancelKeys.settle(caught);
      notifyError(caught);
    }
  }

  return (
    <section className="position-stop" data-testid="position-stop">
      <h2 className="position-stop__title">
        <Trans>Stop order to close</Trans>
      </h2>
      {stops.length > 0 && (
        <ul className="position-stop__list">
          {stops.map((order) => {
            const at = price(order.triggerPrice ?? "");
            return (
              <li
                key={order.id}
                className="position-stop__row"
                data-testid="position-stop-row"
                data-order={order.id}
              >
                <span className="num">
                  {order.side === "short" ? (
                    <Trans>Sell at market when the last price falls to {at} or below</Trans>
                  ) : (
                    <Trans>Buy back at market when the last price rises to {at} or above</Trans>
                  )}
                </span>
                {order.triggeredAtMs === null ? (
                  <button
                    type="button"
                    className="button button--small button--outline"
                    onClick={() => cancel(order)}
                    disabled={!online}
                  >
                    <Trans>Cancel order</Trans>
                  </button>
                ) : (
                  <span className="tag">
                    <Trans context="stop order">Triggered</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <form className="order-form position-stop__form" onSubmit={submit} noValidate>
        <StepperField
          id="stop-trigger"
          label={<Trans>Trigger price</Trans>}
          inputMode="decimal"
          value={trigger}
          onChange={(value) => {
            setTrigger(value);
            setError(undefined);
          }}
          onStep={(n) => {
            if (!instrument) return;
            const next = stepPrice(from, instrument.tickTable, instrument.market, n);
            if (next !== undefined) {
              setTrigger(next);
              setError(undefined);
            }
          }}
          canStep={(n) =>
            instrument !== undefined &&
            stepPrice(from, instrument.tickTable, instrument.market, n) !== undefined
          }
          hint={
            side === "short" ? (
              <Trans>
                Below the last price: the whole position is sold at market when the price falls to it.
              </Trans>
            ) : (
              <Trans>
                Above the last price: the whole position is bought back at market when the price rises to it.
              </Trans>
            )
          }
          error={error}
          decreaseLabel={t`One tick lower`}
          increaseLabel={t`One tick higher`}
        />
        <p className="order-form__note">
          <Trans>Valid for today's session. It holds no cash: closing frees the position's margin.</Trans>
        </p>
        <button
          type="submit"
          className="button button--outline button--block"
          disabled={busy || !online || !instrument}
          data-testid="position-stop-submit"
        >
          <Trans>Set stop order</Trans>
        </button>
      </form>
    </section>
  );
}
