import { Drawer } from "@base-ui/react/drawer";
import type { DayTradeMarket } from "@kabuto/shared/api/day-trading";
import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { OrderType, PlaceOrder } from "@kabuto/shared/api/trading";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { formatClock, formatIsoDate, formatMoney, formatNumber, formatPrice } from "@kabuto/shared/format";
import { priceToUnits, type TickTable, tickUnits, unitsToPrice } from "@kabuto/shared/market/ticks";
import type { OrderVenue } from "@kabuto/shared/market/venues";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import type { Market } from "@kabuto/shared/symbols";
import { marketCurrency, marketZone } from "@kabuto/shared/symbols";
import type { OrderCondition } from "@kabuto/shared/trading/conditions";
import { estimateDayTrade } from "@kabuto/shared/trading/day-trade";
import type { OrderEstimate } from "@kabuto/shared/trading/estimate";
import type { Side } from "@kabuto/shared/trading/rules";
import { walkLevels } from "@kabuto/shared/trading/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { StepperField } from "../../app/stepper-field.tsx";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifyInfo, notifySuccess } from "../../lib/notify.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { NeedsConnection } from "../../offline/offline-banner.tsx";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useBook, useMarketSession, usePtsBook, usePtsQuote, useQuote } from "../../state/topics.ts";
import { localName, priceDigits } from "../market/instrument.ts";
import { useConfirmStep } from "../trading-pin/confirm-step.tsx";
import { isPinRefusal } from "../trading-pin/pin-refusal.ts";
import { ConditionChoice } from "./condition-choice.tsx";
import { LeverageText } from "./figures.tsx";
import { orderConfirmation } from "./order-confirm.tsx";
import { estimateSheet } from "./order-estimate.ts";
import {
  buildOrder,
  hasLimitPrice,
  ifdStart,
  initialLimitPrice,
  isStopType,
  type OrderErrors,
  type OrderSession,
  orderErrorsFromServer,
  parseLots,
  rests,
  stepPrice,
  venueTickTable,
} from "./order-form.ts";
import { applyOrder, useAccountSummary } from "./trading-store.ts";
import { useMarketTerms } from "./use-trading-terms.ts";
import { opensAtPts, ptsOpen, tseInSession, type VenueClock, venueFor, venueLeverageMax } from "./venue.ts";
import { VenueChoice } from "./venue-choice.tsx";
import "./trading.css";

interface OrderSheetProps {
  instrument: InstrumentWithQuote;
  side: Side;
  onSideChange: (side: Side) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The buy/sell panel of a stock, as a bottom sheet: order type, session (US), limit price by
 * tick, quantity in lots, leverage, a live estimate of what the order takes from available
 * cash, and the confirmation. The server decides; the estimate uses its published arithmetic.
 */
export function OrderSheet({ instrument, side, onSideChange, open, onOpenChange }: OrderSheetProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Drawer.Portal>
        <Drawer.Backdrop className="sheet-backdrop" />
        <Drawer.Viewport className="sheet-viewport">
          <Drawer.Popup className="sheet" data-testid="order-sheet" data-side={side}>
            <div className="sheet__handle" />
            <Drawer.Content className="sheet__content">
              <OrderForm
                instrument={instrument}
                side={side}
                onSideChange={onSideChange}
                onDone={() => onOpenChange(false)}
              />
            </Drawer.Content>
          </Drawer.Popup>
        </Drawer.Viewport>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

interface OrderFormProps {
  instrument: InstrumentWithQuote;
  side: Side;
  onSideChange: (side: Side) => void;
  /** Called once the order is placed, with when its done notice is in the page. */
  onDone: (noticeShown: Promise<void>) => void;
  /** Where the form sits: in the stock's bottom sheet, or as a screen of its own (`/market/marketBuy`). */
  placement?: "sheet" | "screen";
  /**
   * Day-trade mode, with the market's day-trade terms as the server published them: a market
   * order under the day-trade margin rule, and the cut-off stated before the member confirms.
   */
  dayTrade?: DayTradeMarket | undefined;
}

/** The form's fields as typed, and each field's error code. */
function useOrderDraft(
  instrument: InstrumentWithQuote,
  initialSession: OrderSession,
  last: string | undefined,
  initialType: OrderType,
  /** The grid the first price is put on: the PTS's where the sheet opens at the PTS. */
  table: TickTable,
) {
  const [type, setType] = useState<OrderType>(initialType);
  // The venue the member picked (Tokyo's names); none: the default for the type and the hour.
  const [venue, setVenue] = useState<OrderVenue>();
  // The execution condition (Tokyo's names at the TSE); none: an ordinary order.
  const [condition, setCondition] = useState<OrderCondition>();
  const [session, setSession] = useState<OrderSession>(initialSession);
  const [price, setPrice] = useState(() => initialLimitPrice(last, table, instrument.market));
  const [lots, setLots] = useState("1");
  const [trigger, setTrigger] = useState("");
  const [validUntil, setValidUntil] = useState("");
  // IFD legs as typed; undefined: not asked for.
  const [ifdProfit, setIfdProfit] = useState<string>();
  const [ifdLoss, setIfdLoss] = useState<string>();
  const [leverage, setLeverage] = useState(1);
  const [errors, setErrors] = useState<OrderErrors>({});
  // Whether the member has typed or stepped the price: from then on the field is theirs, and
  // an empty one stays empty (and is refused at the field) rather than refilling with the last
  // price, which sent a limit order at a price nobody chose.
  const [priceEdited, setPriceEdited] = useState(false);
  // Opened before the first price arrived: start the limit price at the first one that does.
  useEffect(() => {
    if (!priceEdited && price === "" && last !== undefined)
      setPrice(initialLimitPrice(last, table, instrument.market));
  }, [priceEdited, price, last, table, instrument]);
  /** A setter that also clears the field's error and the balance error it may have caused. */
  function edit<T>(setter: (value: T) => void, field: keyof OrderErrors) {
    return (value: T) => {
      setter(value);
      setErrors((current) => ({ ...current, [field]: undefined, required: undefined }));
    };
  }
  function editPrice(value: string) {
    setPriceEdited(true);
    setPrice(value);
  }
  return {
    // Pre-market and after-hours take limit orders only.
    type: session === "extended" ? ("limit" as const) : type,
    session,
    price,
    trigger,
    validUntil,
    lots,
    leverage,
    venue,
    condition,
    errors,
    setErrors,
    setTrigger: edit(setTrigger, "trigger"),
    setValidUntil: edit(setValidUntil, "validity"),
    ifdProfit,
    ifdLoss,
    setIfdProfit: edit(setIfdProfit, "ifdProfit"),
    setIfdLoss: edit(setIfdLoss, "ifdLoss"),
    setType: edit(setType, "type"),
    setVenue: edit(setVenue, "venue"),
    setCondition: edit(setCondition, "condition"),
    setSession: edit(setSession, "session"),
    setPrice: edit(editPrice, "price"),
    setLots: edit(setLots, "quantity"),
    setLeverage: edit(setLeverage, "leverage"),
  };
}

type OrderDraft = ReturnType<typeof useOrderDraft>;

/** The order form itself: the sheet's content, and the whole of the order screen. */
export function OrderForm({
  instrument,
  side,
  onSideChange,
  onDone,
  placement = "sheet",
  dayTrade,
}: OrderFormProps) {
  const { t } = useLingui();
  const market: Market = instrument.market;
  const currency = marketCurrency[market];
  const quote = useQuote(instrument.symbol) ?? instrument.quote;
  const session = useMarketSession(market);
  const account = useAccountSummary();
  const terms = useMarketTerms(market);
  const extendedNow = market === "US" && (session?.phase === "pre" || session?.phase === "after");
  // Tokyo's names choose a venue (a day trade goes to the TSE only).
  const withVenue = market === "JP" && !dayTrade;
  const clock: VenueClock = { tse: session?.phase, pts: withVenue ? session?.pts?.phase : undefined };
  // Opened with the TSE shut and the PTS trading (at night): a PTS limit order at 1×, for today.
  // Decided once, when the sheet opens or (on the order screen) when the session first arrives.
  const [atPts, setAtPts] = useState(() => withVenue && opensAtPts(clock));
  const [decided, setDecided] = useState(clock.tse !== undefined);
  const ptsQuote = usePtsQuote(withVenue && ptsOpen(clock) ? instrument.symbol : null);
  const draft = useOrderDraft(
    instrument,
    extendedNow ? "extended" : "regular",
    atPts ? ptsQuote?.last : quote?.last,
    atPts ? "limit" : "market",
    venueTickTable(instrument.tickTable, atPts ? "pts" : undefined),
  );
  const nightStart = withVenue && opensAtPts(clock);
  useEffect(() => {
    if (decided || clock.tse === undefined) return;
    setDecided(true);
    if (nightStart) {
      setAtPts(true);
      draft.setType("limit");
    }
  }, [decided, clock.tse, nightStart, draft.setType]);
  const venue = withVenue ? venueFor(draft.venue, draft.type, clock) : undefined;
  // A US name, or a day trade, carries no condition.
  const condition = venue === undefined ? undefined : draft.condition;
  // The venue's own quote, book and grid: a PTS order is priced and estimated against the PTS.
  const atVenue = venue === "pts" ? ptsQuote : quote;
  const tseBook = useBook(instrument.symbol);
  const ptsBook = usePtsBook(venue === "pts" ? instrument.symbol : null);
  const book = venue === "pts" ? ptsBook : tseBook;
  const priced: InstrumentWithQuote =
    venue === "pts" ? { ...instrument, tickTable: venueTickTable(instrument.tickTable, venue) } : instrument;
  const leverageMax = venue === undefined ? undefined : venueLeverageMax(venue, clock);
  // The server's terms may offer other leverages than the defaults shown until they arrive.
  const termsLeverage = terms.leverages.includes(draft.leverage) ? draft.leverage : (terms.leverages[0] ?? 1);
  const leverage = dayTrade
    ? Math.max(1, Math.floor(dayTrade.leverage))
    : leverageMax === undefined
      ? termsLeverage
      : Math.min(leverageMax, termsLeverage);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const [keys] = useState(() => new IntentKeys());
  const confirm = useConfirmStep();
  const locale = useLocale();

  const lotCount = parseLots(draft.lots);
  const shares = lotCount === undefined ? undefined : lotCount * instrument.lotSize;
  const levels = side === "long" ? book?.asks : book?.bids;
  const estimate = dayTrade
    ? dayTradeEstimate(dayTrade, terms.taxPpm, market, side, shares, levels, quote?.last)
    : estimateSheet({
        market,
        terms,
        side,
        type: draft.type,
        leverage,
        shares,
        price: draft.price,
        last: atVenue?.last,
        levels,
        trigger: draft.trigger,
        limitUp: atVenue?.limitUp,
      });
  // A member who never held this currency has no balance row for it: once the account is read
  // that is nothing available, not something still loading.
  const balance = account.value?.balances.find((item) => item.currency === currency);
  const available = account.value === undefined ? undefined : BigInt(balance?.available ?? "0");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = buildOrder(
      {
        symbol: instrument.symbol,
        side,
        type: dayTrade ? "market" : draft.type,
        session: dayTrade ? "regular" : draft.session,
        lots: draft.lots,
        leverage,
        price: draft.price,
        trigger: draft.trigger,
        // An order with a condition lives today and carries no IFD: the sheet hides both.
        validUntil: dayTrade || condition ? "" : draft.validUntil,
        ...(dayTrade || condition ? {} : { ifd: { takeProfit: draft.ifdProfit, stopLoss: draft.ifdLoss } }),
        venue,
        condition,
      },
      {
        market,
        lotSize: instrument.lotSize,
        tickTable: instrument.tickTable,
        limitUp: atVenue?.limitUp,
        limitDown: atVenue?.limitDown,
        last: quote?.last,
        tseInSession: tseInSession(clock),
      },
    );
    draft.setErrors(built.errors ?? {});
    if (!built.order) return;
    const body = dayTrade ? { ...built.order, dayTrade: true } : built.order;
    confirm.ask({
      ...orderConfirmation({
        order: body,
        name: localName(instrument.name, locale),
        code: instrument.code,
        lotSize: instrument.lotSize,
        currency,
        priceDigits: priceDigits(instrument.symbol, priced.tickTable, atVenue?.last),
        estimate,
        locale,
        ptsPhase: clock.pts,
      }),
      send: (pin) => send(body, pin),
    });
  }

  /** Sends the confirmed order; a refusal of the PIN goes back to the confirmation step. */
  async function send(body: PlaceOrder, pin: string | undefined) {
    setBusy(true);
    try {
      const order = await call(
        tradingApi.placeOrder,
        { body },
        { idempotencyKey: keys.keyFor(JSON.stringify(body)), tradingPin: pin },
      );
      keys.settle();
      applyOrder(order);
      afterOwnAction();
      // An IOC the book did not fill comes back cancelled, its hold already released.
      const noticeShown =
        order.status === "cancelled"
          ? notifyInfo(t`IOC order cancelled: the book did not fill it at your price`)
          : notifySuccess(
              dayTrade
                ? t`Day trade opened`
                : order.status === "filled"
                  ? t({ message: "Position opened", context: "done notice" })
                  : isStopType(order.type)
                    ? t`Stop order placed`
                    : t`Limit order placed`,
            );
      onDone(noticeShown);
    } catch (error) {
      keys.settle(error);
      if (isPinRefusal(error)) throw error;
      draft.setErrors(orderErrorsFromServer(errorCode(error), error instanceof ApiError ? error.fields : {}));
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="order-form" onSubmit={submit} noValidate>
      <SheetHead instrument={priced} last={atVenue?.last} placement={placement} atPts={venue === "pts"} />
      {dayTrade ? (
        <ChoiceChips
          name="order-side"
          legend={<Trans>Direction</Trans>}
          legendHidden
          value={side}
          onChange={(value) => {
            onSideChange(value);
            draft.setErrors({});
          }}
          choices={[
            { value: "long", label: <Trans>Buy · Long</Trans> },
            { value: "short", label: <Trans>Sell · Short</Trans> },
          ]}
        />
      ) : (
        <KindChoices
          market={market}
          side={side}
          onSideChange={(value) => {
            onSideChange(value);
            draft.setErrors({});
          }}
          draft={draft}
          outsideRegular={session !== undefined && session.phase !== "regular"}
          limitOnly={venue === "pts"}
        />
      )}
      {venue !== undefined && (
        <VenueChoice
          venue={venue}
          clock={clock}
          onChange={(chosen) => {
            draft.setVenue(chosen);
            // Each venue's own kind of order: the PTS takes limits, the smart route market orders.
            if (chosen === "pts" && draft.type !== "limit") draft.setType("limit");
            if (chosen === "smart" && draft.type !== "market") draft.setType("market");
          }}
          error={draft.errors.venue}
        />
      )}
      {venue !== undefined && (
        <ConditionChoice
          condition={draft.condition}
          type={draft.type}
          venue={venue}
          tseTrading={clock.tse === "regular"}
          onChange={draft.setCondition}
          error={draft.errors.condition}
        />
      )}
      {!dayTrade && isStopType(draft.type) && (
        <TriggerStepper instrument={instrument} quote={quote} draft={draft} side={side} />
      )}
      {!dayTrade && hasLimitPrice(draft.type) && (
        <PriceStepper instrument={priced} quote={atVenue} draft={draft} />
      )}
      <QuantityStepper lotSize={instrument.lotSize} lotCount={lotCount} shares={shares} draft={draft} />
      {!dayTrade && condition === undefined && rests(draft.type, draft.session, venue) && (
        <>
          <ValidityChoice market={market} draft={draft} />
          <IfdLegs instrument={instrument} side={side} draft={draft} />
        </>
      )}
      {dayTrade ? (
        <DayTradeTerms dayTrade={dayTrade} market={market} />
      ) : (
        <ChoiceChips
          name="order-leverage"
          legend={<Trans>Leverage</Trans>}
          value={leverage}
          onChange={draft.setLeverage}
          choices={terms.leverages.map((value) => ({
            value,
            label: <LeverageText leverage={value} />,
            disabled: leverageMax !== undefined && value > leverageMax,
          }))}
          look="chips"
          error={draft.errors.leverage}
        />
      )}
      <Estimate
        estimate={estimate}
        currency={currency}
        available={available}
        unread={account.value === undefined && account.error !== undefined}
        error={draft.errors.required}
        taxed={terms.taxPpm > 0}
      />
      <button
        type="submit"
        className="button button--block order-form__submit"
        data-side={side}
        disabled={busy || !online}
        data-testid="order-submit"
      >
        {dayTrade ? (
          side === "long" ? (
            <Trans>Confirm day-trade buy</Trans>
          ) : (
            <Trans>Confirm day-trade sell</Trans>
          )
        ) : side === "long" ? (
          <Trans>Confirm buy</Trans>
        ) : (
          <Trans>Confirm sell</Trans>
        )}
      </button>
      <NeedsConnection />
      {confirm.element}
    </form>
  );
}

/** A day trade's estimate: the book walk (or the last price) under the day-trade margin rule. */
function dayTradeEstimate(
  dayTrade: DayTradeMarket,
  taxPpm: number,
  market: Market,
  side: Side,
  shares: number | undefined,
  levels: Parameters<typeof walkLevels>[0] | undefined,
  last: string | undefined,
): OrderEstimate | undefined {
  if (shares === undefined) return undefined;
  let scaled = levels ? walkLevels(levels, market, shares) : undefined;
  if (scaled === undefined && last !== undefined) {
    const units = priceToUnits(last, market);
    if (units !== undefined) scaled = BigInt(units) * BigInt(shares);
  }
  if (scaled === undefined) return undefined;
  return estimateDayTrade({
    market,
    terms: { marginPct: dayTrade.marginPct, feePpm: dayTrade.feePpm, taxPpm },
    side,
    scaled,
  });
}

/**
 * What a day trade is, said before the member confirms: its leverage, the commission, and the
 * forced close at the cut-off (and that nothing opens after it).
 */
function DayTradeTerms({ dayTrade, market }: { dayTrade: DayTradeMarket; market: Market }) {
  const locale = useLocale();
  const cutoff =
    dayTrade.cutoffMs === null
      ? undefined
      : formatClock(dayTrade.cutoffMs, locale, marketZone[market], { seconds: false });
  const leverage = dayTrade.leverage;
  return (
    <div className="order-form__daytrade" data-testid="order-daytrade-terms">
      <p className="order-form__note">
        <Trans>
          Day trade at <LeverageText leverage={leverage} /> ({dayTrade.marginPct}% margin), market order, no
          borrowing interest.
        </Trans>
      </p>
      {dayTrade.open && cutoff !== undefined ? (
        <p className="order-form__note order-form__note--warn" data-testid="order-daytrade-cutoff">
          <Trans>
            If still open at {cutoff}, before the session closes, the position is closed at market
            automatically. No new day trade opens after that time today.
          </Trans>
        </p>
      ) : (
        <p className="order-form__note order-form__note--warn" data-testid="order-daytrade-closed">
          <Trans>Today's cut-off has passed: no new day trade opens until the next session.</Trans>
        </p>
      )}
    </div>
  );
}

function SheetHead({
  instrument,
  last,
  placement,
  atPts,
}: {
  instrument: InstrumentWithQuote;
  last: string | undefined;
  placement: "sheet" | "screen";
  /** The price is the PTS's: said beside it. */
  atPts: boolean;
}) {
  const locale = useLocale();
  const digits = priceDigits(instrument.symbol, instrument.tickTable, last);
  const title = (
    <>
      <span>{localName(instrument.name, locale)}</span>
      <span className="order-form__code">{instrument.code}</span>
    </>
  );
  return (
    <header className="order-form__head">
      {/* A drawer's title names its dialog; on a screen of its own the form's head is a plain heading. */}
      {placement === "sheet" ? (
        <Drawer.Title className="order-form__title">{title}</Drawer.Title>
      ) : (
        <h2 className="order-form__title">{title}</h2>
      )}
      <span className="order-form__last num" data-testid="order-last">
        {atPts && (
          <span className="tag">
            <Trans context="venue">PTS</Trans>
          </span>
        )}
        {last ? formatPrice(last, locale, { fractionDigits: digits }) : "—"}
      </span>
    </header>
  );
}

/** Direction, session (US) and order type, with what they imply. */
function KindChoices({
  market,
  side,
  onSideChange,
  draft,
  outsideRegular,
  limitOnly,
}: {
  market: Market;
  side: Side;
  onSideChange: (side: Side) => void;
  draft: OrderDraft;
  outsideRegular: boolean;
  /** The venue takes limit orders only (the PTS). */
  limitOnly: boolean;
}) {
  return (
    <>
      <ChoiceChips
        name="order-side"
        legend={<Trans>Direction</Trans>}
        legendHidden
        value={side}
        onChange={onSideChange}
        choices={[
          { value: "long", label: <Trans>Buy · Long</Trans> },
          { value: "short", label: <Trans>Sell · Short</Trans> },
        ]}
      />
      {market === "US" && (
        <ChoiceChips
          name="order-session"
          legend={<Trans>Session</Trans>}
          value={draft.session}
          onChange={draft.setSession}
          choices={[
            { value: "regular", label: <Trans>Regular hours</Trans> },
            { value: "extended", label: <Trans>Pre · after-hours</Trans> },
          ]}
          error={draft.errors.session}
        />
      )}
      <ChoiceChips
        name="order-type"
        legend={<Trans>Order type</Trans>}
        value={draft.type}
        onChange={draft.setType}
        choices={[
          {
            value: "market",
            label: <Trans context="order type">Market</Trans>,
            disabled: draft.session === "extended" || limitOnly,
          },
          { value: "limit", label: <Trans>Limit</Trans> },
          {
            value: "stop",
            label: <Trans context="order type">Stop</Trans>,
            disabled: draft.session === "extended" || limitOnly,
          },
          {
            value: "stop_limit",
            label: <Trans context="order type">Stop-limit</Trans>,
            disabled: draft.session === "extended" || limitOnly,
          },
        ]}
        error={draft.errors.type}
      />
      {draft.session === "extended" && (
        <p className="order-form__note">
          <Trans>Pre-market and after-hours orders are limit orders.</Trans>
        </p>
      )}
      {draft.type === "market" && outsideRegular && (
        <p className="order-form__note order-form__note--warn">
          <Trans>The market is not in its regular session: a market order will be refused.</Trans>
        </p>
      )}
    </>
  );
}

/**
 * A stop's trigger price, typed or stepped by the tick, with what the stop will do said plainly:
 * which way the last trade must cross it, what it becomes, and that its cost is held meanwhile.
 */
function TriggerStepper({
  instrument,
  quote,
  draft,
  side,
}: {
  instrument: InstrumentWithQuote;
  quote: Quote | null | undefined;
  draft: OrderDraft;
  side: Side;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { market, tickTable } = instrument;
  const units = priceToUnits(draft.trigger.trim(), market);
  const tick =
    units !== undefined && units > 0 ? unitsToPrice(tickUnits(tickTable, units), market) : undefined;
  const digits = priceDigits(instrument.symbol, tickTable, quote?.last);
  const shown =
    units !== undefined && units > 0
      ? formatPrice(draft.trigger.trim(), locale, { fractionDigits: digits })
      : "—";
  const limit = draft.type === "stop_limit";
  return (
    <>
      <StepperField
        id="order-trigger"
        label={<Trans>Trigger price</Trans>}
        inputMode="decimal"
        value={draft.trigger}
        onChange={draft.setTrigger}
        onStep={(n) => {
          const from = draft.trigger.trim() === "" ? (quote?.last ?? "") : draft.trigger;
          const next = stepPrice(from, tickTable, market, n);
          if (next !== undefined) draft.setTrigger(next);
        }}
        canStep={(n) =>
          stepPrice(
            draft.trigger.trim() === "" ? (quote?.last ?? "") : draft.trigger,
            tickTable,
            market,
            n,
          ) !== undefined
        }
        hint={<PriceHint tick={tick} limitUp={quote?.limitUp} limitDown={quote?.limitDown} digits={digits} />}
        error={draft.errors.trigger}
        decreaseLabel={t`One tick lower`}
        increaseLabel={t`One tick higher`}
      />
      <p className="order-form__note" data-testid="order-stop-note">
        {side === "long" ? (
          limit ? (
            <Trans>
              When the last price rises to {shown} or above, a limit order is placed at your limit price.
            </Trans>
          ) : (
            <Trans>When the last price rises to {shown} or above, a market order is placed.</Trans>
          )
        ) : limit ? (
          <Trans>
            When the last price falls to {shown} or below, a limit order is placed at your limit price.
          </Trans>
        ) : (
          <Trans>When the last price falls to {shown} or below, a market order is placed.</Trans>
        )}
      </p>
      <p className="order-form__note">
        <Trans>What it could cost is held from your cash until it fires, is cancelled or lapses.</Trans>
      </p>
    </>
  );
}

/** The first and last dates a resting order may name, from the market's session as published. */
interface ValidityRange {
  first: string;
  last: string;
}

/**
 * The range of dates a resting order may be kept to, once the member asks for one: the rules
 * (and the holiday calendars they read) load then, not with every order sheet.
 */
function useValidityRange(market: Market, wanted: boolean): ValidityRange | undefined {
  const session = useMarketSession(market);
  const [range, setRange] = useState<ValidityRange>();
  const tradingDate = session?.tradingDate;
  // In after hours the regular session is over: a regular order's first day is the next one.
  const afterRegular = session?.phase === "after";
  useEffect(() => {
    if (!wanted || tradingDate === undefined) return;
    let live = true;
    void Promise.all([
      import("@kabuto/shared/trading/validity"),
      import("@kabuto/shared/market/calendar"),
    ]).then(([validity, calendar]) => {
      const first = afterRegular ? calendar.nextTradingDay(market, tradingDate) : tradingDate;
      if (live) setRange({ first, last: validity.lastValidDate(market, first) });
    });
    return () => {
      live = false;
    };
  }, [wanted, market, tradingDate, afterRegular]);
  return range;
}

/**
 * How long a limit or stop order waits: today (a day order), or until a date the member picks,
 * up to 15 business days in Tokyo and 60 days in New York. It lapses at that date's close and
 * what it held comes back.
 */
function ValidityChoice({ market, draft }: { market: Market; draft: OrderDraft }) {
  const locale = useLocale();
  const until = draft.validUntil !== "";
  const [asked, setAsked] = useState(until);
  const range = useValidityRange(market, asked);
  // The date starts at the furthest one allowed, once the rules have loaded.
  useEffect(() => {
    if (asked && draft.validUntil === "" && range) draft.setValidUntil(range.last);
  }, [asked, range, draft.validUntil, draft.setValidUntil]);
  return (
    <>
      <ChoiceChips
        name="order-validity"
        legend={<Trans>Validity</Trans>}
        value={asked ? "until" : "day"}
        onChange={(value) => {
          setAsked(value === "until");
          draft.setValidUntil(value === "until" && range ? range.last : "");
        }}
        choices={[
          { value: "day", label: <Trans context="order validity">Today</Trans> },
          { value: "until", label: <Trans>Until a date</Trans> },
        ]}
        error={asked ? undefined : draft.errors.validity}
      />
      {asked && (
        <TextField
          id="order-valid-until"
          type="date"
          label={<Trans>Valid until the close of</Trans>}
          value={draft.validUntil}
          min={range?.first}
          max={range?.last}
          onChange={(event) => draft.setValidUntil(event.target.value)}
          error={draft.errors.validity}
          hint={
            range &&
            (market === "JP" ? (
              <Trans>Up to 15 business days: until {formatIsoDate(range.last, locale)}.</Trans>
            ) : (
              <Trans>Good till cancelled, up to 60 days: until {formatIsoDate(range.last, locale)}.</Trans>
            ))
          }
        />
      )}
    </>
  );
}

/**
 * IFD / IFDOCO (一括注文): the closing orders placed on the position when this order fills. A
 * take-profit limit, a stop-loss stop, or both, which then cancel each other as an OCO. Each
 * starts 2% from the order's own price on its side (`ifdStart`), and is checked against it.
 */
function IfdLegs({
  instrument,
  side,
  draft,
}: {
  instrument: InstrumentWithQuote;
  side: Side;
  draft: OrderDraft;
}) {
  const { t } = useLingui();
  const { market, tickTable } = instrument;
  const own = (hasLimitPrice(draft.type) ? draft.price : draft.trigger).trim();

  const leg = (
    id: "order-ifd-profit" | "order-ifd-loss",
    value: string | undefined,
    set: (value: string | undefined) => void,
    error: string | undefined,
    label: ReactNode,
  ) =>
    value !== undefined && (
      <StepperField
        id={id}
        label={label}
        inputMode="decimal"
        value={value}
        onChange={set}
        onStep={(n) => {
          const next = stepPrice(value.trim() === "" ? own : value, tickTable, market, n);
          if (next !== undefined) set(next);
        }}
        canStep={(n) => stepPrice(value.trim() === "" ? own : value, tickTable, market, n) !== undefined}
        error={error}
        decreaseLabel={t`One tick lower`}
        increaseLabel={t`One tick higher`}
      />
    );
  return (
    <fieldset className="order-form__ifd" data-testid="order-ifd">
      <legend className="field__label">
        <Trans>When it fills (IFD)</Trans>
      </legend>
      <CheckField
        id="order-ifd-profit-on"
        checked={draft.ifdProfit !== undefined}
        onChange={(on) =>
          draft.setIfdProfit(on ? ifdStart(own, "takeProfit", side, tickTable, market) : undefined)
        }
      >
        <Trans>Take profit with a limit order</Trans>
      </CheckField>
      {leg(
        "order-ifd-profit",
        draft.ifdProfit,
        draft.setIfdProfit,
        draft.errors.ifdProfit,
        <Trans>Take-profit price</Trans>,
      )}
      <CheckField
        id="order-ifd-loss-on"
        checked={draft.ifdLoss !== undefined}
        onChange={(on) =>
          draft.setIfdLoss(on ? ifdStart(own, "stopLoss", side, tickTable, market) : undefined)
        }
      >
        <Trans>Cut the loss with a stop order</Trans>
      </CheckField>
      {leg(
        "order-ifd-loss",
        draft.ifdLoss,
        draft.setIfdLoss,
        draft.errors.ifdLoss,
        <Trans>Stop-loss trigger</Trans>,
      )}
      {(draft.ifdProfit !== undefined || draft.ifdLoss !== undefined) && (
        <p className="order-form__note" data-testid="order-ifd-note">
          {draft.ifdProfit !== undefined && draft.ifdLoss !== undefined ? (
            <Trans>
              When this order fills, both close orders are placed on its position: whichever closes it cancels
              the other (IFDOCO). They hold no cash.
            </Trans>
          ) : (
            <Trans>
              When this order fills, the close order is placed on its position (IFD). It holds no cash.
            </Trans>
          )}
        </p>
      )}
    </fieldset>
  );
}

/** The limit price, typed or stepped by the tick of the band it is in. */
function PriceStepper({
  instrument,
  quote,
  draft,
}: {
  instrument: InstrumentWithQuote;
  quote: Quote | null | undefined;
  draft: OrderDraft;
}) {
  const { t } = useLingui();
  const { market, tickTable } = instrument;
  const units = priceToUnits(draft.price.trim(), market);
  const tick =
    units !== undefined && units > 0 ? unitsToPrice(tickUnits(tickTable, units), market) : undefined;
  const digits = priceDigits(instrument.symbol, tickTable, quote?.last);
  return (
    <StepperField
      id="order-price"
      label={<Trans>Limit price</Trans>}
      inputMode="decimal"
      value={draft.price}
      onChange={draft.setPrice}
      onStep={(n) => {
        const next = stepPrice(draft.price, tickTable, market, n);
        if (next !== undefined) draft.setPrice(next);
      }}
      canStep={(n) => stepPrice(draft.price, tickTable, market, n) !== undefined}
      hint={<PriceHint tick={tick} limitUp={quote?.limitUp} limitDown={quote?.limitDown} digits={digits} />}
      error={draft.errors.price}
      decreaseLabel={t`One tick lower`}
      increaseLabel={t`One tick higher`}
    />
  );
}

/** The quantity in lots (in shares where a lot is one share). */
function QuantityStepper({
  lotSize,
  lotCount,
  shares,
  draft,
}: {
  lotSize: number;
  lotCount: number | undefined;
  shares: number | undefined;
  draft: OrderDraft;
}) {
  const { t } = useLingui();
  const single = lotSize === 1;
  return (
    <StepperField
      id="order-lots"
      label={single ? <Trans>Quantity (shares)</Trans> : <Trans>Quantity (lots)</Trans>}
      inputMode="numeric"
      value={draft.lots}
      onChange={draft.setLots}
      onStep={(n) => draft.setLots(String(Math.max(1, (lotCount ?? 1) + n)))}
      canStep={(n) => (n < 0 ? (lotCount ?? 1) > 1 : true)}
      hint={single ? undefined : <LotHint lotSize={lotSize} shares={shares} />}
      error={draft.errors.quantity}
      decreaseLabel={single ? t`One share fewer` : t`One lot fewer`}
      increaseLabel={single ? t`One share more` : t`One lot more`}
    />
  );
}

function PriceHint({
  tick,
  limitUp,
  limitDown,
  digits,
}: {
  tick: string | undefined;
  limitUp: string | null | undefined;
  limitDown: string | null | undefined;
  digits: number;
}) {
  const locale = useLocale();
  const format = (value: string) => formatPrice(value, locale, { fractionDigits: digits });
  return (
    <>
      {tick !== undefined && (
        <span>
          <Trans>Tick {format(tick)}</Trans>
        </span>
      )}
      {/* The exchange's daily price-limit band (limit down to limit up), not the day's high and low. */}
      {limitUp && limitDown && (
        <span data-testid="order-price-limits">
          <Trans>
            Daily price limits {format(limitDown)} – {format(limitUp)}
          </Trans>
        </span>
      )}
    </>
  );
}

/** The lot size and the shares the lots make (where a lot is more than one share). */
function LotHint({ lotSize, shares }: { lotSize: number; shares: number | undefined }) {
  const locale = useLocale();
  const count = shares === undefined ? undefined : formatNumber(shares, locale);
  return (
    <>
      <span>
        <Trans>1 lot = {lotSize} shares</Trans>
      </span>
      {count !== undefined && (
        <span className="num" data-testid="order-shares">
          <Trans>Total {count} shares</Trans>
        </span>
      )}
    </>
  );
}

function EstimateRow({
  label,
  children,
  strong,
  testId,
  labelTestId,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
  labelTestId?: string;
}) {
  return (
    <div className={strong ? "estimate__row estimate__row--strong" : "estimate__row"}>
      <dt data-testid={labelTestId}>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Estimate({
  estimate,
  currency,
  available,
  unread,
  error,
  taxed,
}: {
  estimate: OrderEstimate | undefined;
  currency: string;
  available: bigint | undefined;
  /** The balances could not be read: available cash shows as unknown, not as loading. */
  unread: boolean;
  error: string | undefined;
  taxed: boolean;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const short = estimate !== undefined && available !== undefined && estimate.required > available;
  const money = (amount: bigint | undefined) =>
    amount === undefined ? "—" : formatMoney(amount, currency, locale);
  return (
    <section className="estimate" aria-label={t`Estimate`} data-invalid={error || short ? true : undefined}>
      <dl className="estimate__list">
        <EstimateRow label={<Trans>Notional</Trans>} testId="estimate-notional">
          {money(estimate?.notional)}
        </EstimateRow>
        <EstimateRow label={<Trans>Margin</Trans>} testId="estimate-margin">
          {money(estimate?.margin)}
        </EstimateRow>
        <EstimateRow label={<Trans>Fee</Trans>} testId="estimate-fee">
          {money(estimate?.fee)}
        </EstimateRow>
        {estimate !== undefined && estimate.reserve > 0n && (
          <EstimateRow label={<Trans>Reserve for a better fill</Trans>}>
            {money(estimate.reserve)}
          </EstimateRow>
        )}
        <EstimateRow label={<Trans>Total required</Trans>} strong testId="estimate-required">
          {money(estimate?.required)}
        </EstimateRow>
        <EstimateRow
          label={<Trans context="cash">Available cash</Trans>}
          testId="estimate-available"
          labelTestId="estimate-available-label"
        >
          {available === undefined && !unread ? <span className="skeleton" /> : money(available)}
        </EstimateRow>
        {taxed && estimate !== undefined && (
          <EstimateRow label={<Trans>SEC fee on the sale, charged at close</Trans>}>
            {money(estimate.saleTax)}
          </EstimateRow>
        )}
      </dl>
      {(error || short) && (
        <p className="field__error" role="alert">
          {errorMessage(i18n, error ?? "INSUFFICIENT_BALANCE")}
        </p>
      )}
      {/* With nothing (or too little) to trade with, the next step is a deposit. */}
      {(available === 0n || short || error === "INSUFFICIENT_BALANCE") && (
        <Link href="/user/recharge" className="estimate__deposit" data-testid="estimate-deposit">
          <Trans>Deposit funds</Trans>
        </Link>
      )}
      <p className="estimate__note">
        <Trans>An estimate: the server sets the final price, fee and margin.</Trans>
      </p>
    </section>
  );
}
