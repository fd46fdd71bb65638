import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { Order, PlaceOrder, Position } from "@kabuto/shared/api/trading";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { formatNumber, formatPrice } from "@kabuto/shared/format";
import { priceToUnits, tickUnits, unitsToPrice } from "@kabuto/shared/market/ticks";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import type { Side } from "@kabuto/shared/trading/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { StepperField } from "../../app/stepper-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useQuote } from "../../state/topics.ts";
import { localName, priceDigits } from "../market/instrument.ts";
import { useConfirmStep } from "../trading-pin/confirm-step.tsx";
import { isPinRefusal } from "../trading-pin/pin-refusal.ts";
import {
  limitPriceError,
  type OrderContext,
  orderErrorField,
  stepPrice,
  triggerPriceError,
} from "./order-form.ts";
import { StopHoldNote } from "./stop-hold.tsx";
import { applyOrder, usePendingOrders } from "./trading-store.ts";

/**
 * The legs of a position's OCO: a stop-loss (a closing stop), a trailing stop (a closing stop whose
 * trigger follows the best price) and a take-profit (a closing limit).
 */
type Leg = "loss" | "trail" | "profit";

function legOf(order: Order): Leg {
  if (order.trailPrice !== null) return "trail";
  return order.triggerPrice === null ? "profit" : "loss";
}

/**
 * A holding position's orders to close it, as an OCO: a stop-loss (逆指値: at market once the last
 * price crosses its trigger, below the price for a long, above for a short) and a take-profit (a
 * limit on the other side). Each closes the whole position and is valid for today; whichever
 * closes it first cancels the other on the server, and neither holds cash, since closing frees
 * the position's margin. Setting a leg again changes it: the new order is placed first and the
 * old one cancelled after, so the position is never left without it.
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
  const [cancelKeys] = useState(() => new IntentKeys());
  const closing = (pending.value ?? []).filter((order) => order.closesPositionId === position.id);
  const digits = priceDigits(position.symbol, instrument?.tickTable, quote?.last);
  const price = (value: string | null) =>
    value === null ? "—" : formatPrice(value, locale, { fractionDigits: digits });

  async function cancel(order: Order, quiet = false) {
    try {
      const cancelled = await call(
        tradingApi.cancelOrder,
        { params: { id: order.id } },
        { idempotencyKey: cancelKeys.keyFor(order.id) },
      );
      cancelKeys.settle();
      applyOrder(cancelled);
      afterOwnAction();
      if (!quiet) notifySuccess(t`Order cancelled`);
    } catch (caught) {
      cancelKeys.settle(caught);
      notifyError(caught);
    }
  }

  return (
    <section className="position-stop" data-testid="position-stop">
      <h2 className="position-stop__title">
        <Trans>Stop-loss and take-profit</Trans>
      </h2>
      {closing.length > 0 && (
        <ul className="position-stop__list">
          {closing.map((order) => (
            <li
              key={order.id}
              className="position-stop__row"
              data-testid="position-stop-row"
              data-order={order.id}
              data-leg={legOf(order)}
            >
              <span className="num">
                <ClosingText
                  order={order}
                  at={price(order.triggerPrice ?? order.limitPrice)}
                  trail={price(order.trailPrice)}
                />
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
              <StopHoldNote order={order} testId="position-stop-hold" />
            </li>
          ))}
        </ul>
      )}
      {instrument && (
        <>
          {(["loss", "trail"] as const).map((leg) => (
            <LegForm
              key={leg}
              leg={leg}
              position={position}
              instrument={instrument}
              quote={quote}
              replacing={closing.filter((order) => legOf(order) === leg && order.triggeredAtMs === null)}
              onPlaced={(old) => Promise.all(old.map((order) => cancel(order, true)))}
            />
          ))}
          <LegForm
            leg="profit"
            position={position}
            instrument={instrument}
            quote={quote}
            replacing={closing.filter((order) => legOf(order) === "profit")}
            onPlaced={(old) => Promise.all(old.map((order) => cancel(order, true)))}
          />
        </>
      )}
      <p className="order-form__note">
        <Trans>
          Valid for today's session. Whichever closes the position first cancels the other. They hold no cash:
          closing frees the position's margin.
        </Trans>
      </p>
    </section>
  );
}

/** What a closing order will do, in words. */
function ClosingText({ order, at, trail }: { order: Order; at: string; trail: string }) {
  if (order.trailPrice !== null) {
    return order.side === "short" ? (
      <Trans>
        Trailing by {trail}: sell at market when the last price falls to {at} or below
      </Trans>
    ) : (
      <Trans>
        Trailing by {trail}: buy back at market when the last price rises to {at} or above
      </Trans>
    );
  }
  if (order.triggerPrice !== null) {
    return order.side === "short" ? (
      <Trans>Sell at market when the last price falls to {at} or below</Trans>
    ) : (
      <Trans>Buy back at market when the last price rises to {at} or above</Trans>
    );
  }
  return order.side === "short" ? (
    <Trans>Sell at a limit of {at} or higher</Trans>
  ) : (
    <Trans>Buy back at a limit of {at} or lower</Trans>
  );
}

/** One leg's price field and button: the stop-loss's trigger, or the take-profit's limit. */
function LegForm({
  leg,
  position,
  instrument,
  quote,
  replacing,
  onPlaced,
}: {
  leg: Leg;
  position: Position;
  instrument: InstrumentWithQuote;
  quote: Quote | null | undefined;
  /** The leg's orders already waiting, cancelled once the new one is placed. */
  replacing: Order[];
  onPlaced: (replaced: Order[]) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const online = useOnline();
  const confirm = useConfirmStep();
  const [value, setValue] = useState("");
  const [error, setError] = useState<FieldError | undefined>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const side: Side = position.side === "long" ? "short" : "long";
  const { market, tickTable } = instrument;
  const id = { loss: "stop-trigger", trail: "trail-amount", profit: "profit-limit" }[leg];
  const from = value.trim() === "" ? (quote?.last ?? "") : value;
  const context: OrderContext = {
    market,
    lotSize: instrument.lotSize,
    tickTable,
    limitUp: quote?.limitUp,
    limitDown: quote?.limitDown,
    last: quote?.last,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked =
      leg === "loss"
        ? triggerPriceError(value, side, context)
        : leg === "trail"
          ? trailError(value, market)
          : limitPriceError(value, context);
    setError(checked);
    if (checked) return;
    const common = {
      symbol: position.symbol,
      side,
      quantity: position.quantity,
      leverage: position.leverage,
      closesPositionId: position.id,
    };
    const bodies: Record<Leg, PlaceOrder> = {
      loss: { ...common, type: "stop", triggerPrice: value.trim() },
      trail: { ...common, type: "stop", trailPrice: value.trim() },
      profit: { ...common, type: "limit", price: value.trim() },
    };
    const body = bodies[leg];
    const replaced = replacing;
    const digits = priceDigits(position.symbol, tickTable, quote?.last);
    const shown = formatPrice(value.trim(), locale, { fractionDigits: digits });
    confirm.ask({
      title: <Trans>Confirm the order that closes this position</Trans>,
      rows: [
        {
          label: <Trans>Stock</Trans>,
          value: `${localName(instrument.name, locale)} ${instrument.code}`,
        },
        {
          label: <Trans>Order type</Trans>,
          value:
            leg === "loss" ? (
              <Trans>Stop-loss</Trans>
            ) : leg === "trail" ? (
              <Trans>Trailing stop</Trans>
            ) : (
              <Trans>Take-profit</Trans>
            ),
          testId: "confirm-type",
        },
        {
          label: <Trans>Quantity</Trans>,
          value: <Trans>{formatNumber(position.quantity, locale)} shares, the whole position</Trans>,
        },
        {
          label:
            leg === "loss" ? (
              <Trans>Trigger price</Trans>
            ) : leg === "trail" ? (
              <Trans>Trailing amount</Trans>
            ) : (
              <Trans>Limit price</Trans>
            ),
          value: shown,
          testId: "confirm-trigger",
        },
        {
          label: <Trans>Validity</Trans>,
          value: <Trans>Today: waits for its trigger until the session ends</Trans>,
        },
      ],
      note: <Trans>Whichever of the position's closing orders fills first cancels the others.</Trans>,
      confirmLabel: <Trans context="send order">Place order</Trans>,
      send: (pin) => place(body, replaced, pin),
    });
  }

  /** Sends the confirmed closing order; a refusal of the PIN goes back to the confirmation step. */
  async function place(body: PlaceOrder, replaced: Order[], pin: string | undefined) {
    setBusy(true);
    try {
      const placed = await call(
        tradingApi.placeOrder,
        { body },
        { idempotencyKey: keys.keyFor(JSON.stringify(body)), tradingPin: pin },
      );
      keys.settle();
      applyOrder(placed);
      afterOwnAction();
      setValue("");
      notifySuccess(leg === "profit" ? t`Take-profit set` : t`Stop-loss set`);
      await onPlaced(replaced);
    } catch (caught) {
      keys.settle(caught);
      if (isPinRefusal(caught)) throw caught;
      const code = errorCode(caught);
      const fields = caught instanceof ApiError ? caught.fields : {};
      const fieldCode = { loss: fields.triggerPrice, trail: fields.trailPrice, profit: fields.price }[leg];
      const field = orderErrorField(code);
      const ours = field === "trigger" || field === "price" || code === "TRAIL_INVALID";
      setError(fieldCode ?? (ours ? code : undefined));
      notifyError(caught);
    } finally {
      setBusy(false);
    }
  }

  let hint: ReactNode;
  if (leg === "trail")
    hint =
      side === "short" ? (
        <Trans>
          The trigger follows the highest price since you set it, this far below, and never moves down; the
          whole position is sold at market when the price falls to it.
        </Trans>
      ) : (
        <Trans>
          The trigger follows the lowest price since you set it, this far above, and never moves up; the whole
          position is bought back at market when the price rises to it.
        </Trans>
      );
  else if (leg === "loss")
    hint =
      side === "short" ? (
        <Trans>Below the last price: the whole position is sold at market when the price falls to it.</Trans>
      ) : (
        <Trans>
          Above the last price: the whole position is bought back at market when the price rises to it.
        </Trans>
      );
  else
    hint =
      side === "short" ? (
        <Trans>The whole position is sold when the bids reach this price.</Trans>
      ) : (
        <Trans>The whole position is bought back when the asks come down to this price.</Trans>
      );

  return (
    <form className="order-form position-stop__form" onSubmit={submit} noValidate data-leg={leg}>
      <StepperField
        id={id}
        label={
          leg === "loss" ? (
            <Trans>Stop-loss trigger price</Trans>
          ) : leg === "trail" ? (
            <Trans>Trailing stop: trailing amount</Trans>
          ) : (
            <Trans>Take-profit limit price</Trans>
          )
        }
        inputMode="decimal"
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        onStep={(n) => {
          const next =
            leg === "trail"
              ? stepTrail(value, quote?.last, instrument, n)
              : stepPrice(from, tickTable, market, n);
          if (next !== undefined) {
            setValue(next);
            setError(undefined);
          }
        }}
        canStep={(n) =>
          (leg === "trail"
            ? stepTrail(value, quote?.last, instrument, n)
            : stepPrice(from, tickTable, market, n)) !== undefined
        }
        hint={hint}
        error={error}
        decreaseLabel={t`One tick lower`}
        increaseLabel={t`One tick higher`}
      />
      <button
        type="submit"
        className="button button--outline button--block"
        disabled={busy || !online}
        data-testid={`position-${leg === "loss" ? "stop" : leg}-submit`}
      >
        <LegButtonText leg={leg} changing={replacing.length > 0} />
      </button>
      {confirm.element}
    </form>
  );
}

function LegButtonText({ leg, changing }: { leg: Leg; changing: boolean }) {
  if (leg === "loss") return changing ? <Trans>Change stop-loss</Trans> : <Trans>Set stop-loss</Trans>;
  if (leg === "trail")
    return changing ? <Trans>Change trailing stop</Trans> : <Trans>Set trailing stop</Trans>;
  return changing ? <Trans>Change take-profit</Trans> : <Trans>Set take-profit</Trans>;
}

/** A trailing amount: a positive price. Returns an error code or nothing. */
function trailError(text: string, market: OrderContext["market"]): string | undefined {
  const units = priceToUnits(text.trim(), market);
  return units === undefined || units <= 0 ? "TRAIL_INVALID" : undefined;
}

/**
 * A trailing amount `n` ticks (at the last price's band) from the typed one, at least one tick:
 * an empty field starts at one tick.
 */
function stepTrail(
  text: string,
  last: string | undefined,
  instrument: InstrumentWithQuote,
  n: number,
): string | undefined {
  const lastUnits = last === undefined ? undefined : priceToUnits(last, instrument.market);
  if (lastUnits === undefined || lastUnits <= 0) return undefined;
  const tick = tickUnits(instrument.tickTable, lastUnits);
  const units = text.trim() === "" ? 0 : (priceToUnits(text.trim(), instrument.market) ?? 0);
  const next = Math.max(tick, units + n * tick);
  return next === units || next >= lastUnits ? undefined : unitsToPrice(next, instrument.market);
}
