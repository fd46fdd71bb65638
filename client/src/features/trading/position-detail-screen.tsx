import { Drawer } from "@base-ui/react/drawer";
import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { Position } from "@kabuto/shared/api/trading";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { formatClock, formatDate, formatMoney, formatPrice } from "@kabuto/shared/format";
import { decimalToMinor } from "@kabuto/shared/money";
import type { Market } from "@kabuto/shared/symbols";
import { acceptsAddedMargin } from "@kabuto/shared/trading/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useSearch } from "wouter";
import { ConfirmDialog } from "../../app/confirm-dialog.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { NeedsConnection } from "../../offline/offline-banner.tsx";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import { detailPath, priceDigits, symbolZone } from "../market/instrument.ts";
import { useInstruments } from "../market/use-instruments.ts";
import { formatSignedMoney, LeverageText, SideBadge, toneOf } from "./figures.tsx";
import { shownLeverage } from "./pnl.ts";
import {
  ConditionName,
  InstrumentName,
  LockUpTag,
  lotSizeOf,
  OrderVenueName,
  PnlText,
  QuantityText,
  RouteFills,
  useLivePosition,
  useLockEnd,
} from "./position-parts.tsx";
import { PositionStop } from "./position-stop.tsx";
import {
  applyPosition,
  useAccountSummary,
  useClosedPositions,
  useHoldingPositions,
} from "./trading-store.ts";
import { useMarketTerms } from "./use-trading-terms.ts";
import "./trading.css";

/** `#/position/positionDetail?id=12`: one position, live while it is held, with its actions. */
export function PositionDetailScreen() {
  const id = new URLSearchParams(useSearch()).get("id") ?? "";
  const session = useSessionState();
  if (!session) return <Problem code="UNAUTHENTICATED" />;
  if (!/^\d{1,15}$/.test(id)) return <Problem code="POSITION_NOT_FOUND" />;
  return <PositionDetail key={id} id={id} />;
}

function Problem({ code }: { code: string }) {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeader back="/position/position" title={<Trans>Position details</Trans>} />
      <div className="empty" role="alert">
        <p>{errorMessage(i18n, code)}</p>
        {code === "UNAUTHENTICATED" && (
          <Link href="/login/login" className="button button--primary">
            <Trans>Sign in</Trans>
          </Link>
        )}
      </div>
    </>
  );
}

/**
 * The position as the server last said. The member's lists are the freshest copy (re-read on
 * every account event or after an action, and patched at once with what an action returns); a
 * position too old to be in them is asked for on its own.
 */
function usePosition(id: string): { position: Position | undefined; error: unknown } {
  const holding = useHoldingPositions();
  const closed = useClosedPositions();
  const listed =
    holding.value?.find((position) => position.id === id) ??
    closed.value?.find((position) => position.id === id);
  const listsRead = holding.value !== undefined && closed.value !== undefined;
  const fetched = useEndpoint(tradingApi.position, listsRead && !listed ? { params: { id } } : null);
  if (listed) return { position: listed, error: undefined };
  if (fetched.status === "ready") return { position: fetched.value, error: undefined };
  if (fetched.status === "error") return { position: undefined, error: fetched.error };
  return { position: undefined, error: holding.value === undefined ? holding.error : closed.error };
}

function PositionDetail({ id }: { id: string }) {
  const { position, error } = usePosition(id);
  const instruments = useInstruments(position ? [position.symbol] : []);
  if (!position) {
    if (error !== undefined) return <Problem code={errorCode(error)} />;
    return (
      <>
        <PageHeader back="/position/position" title={<Trans>Position details</Trans>} />
        <div className="position-hero" aria-busy="true">
          <span className="skeleton" style={{ width: "50%", height: "2rem" }} />
        </div>
      </>
    );
  }
  return <Loaded position={position} instrument={instruments.get(position.symbol)} />;
}

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="detail-list__row">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Loaded({
  position,
  instrument,
}: {
  position: Position;
  instrument: InstrumentWithQuote | undefined;
}) {
  const locale = useLocale();
  const live = useLivePosition(position);
  const filled = useEndpoint(
    tradingApi.orders,
    position.openOrderId ? { query: { status: "filled" } } : null,
  );
  const openOrder =
    filled.status === "ready"
      ? {
          status: "ready" as const,
          value: filled.value.items.find((order) => order.id === position.openOrderId),
        }
      : filled;
  const holding = position.status === "holding";
  const zone = symbolZone(position.symbol);
  const digits = priceDigits(position.symbol, instrument?.tickTable, position.openPrice);
  const money = (amount: string | bigint | null | undefined) =>
    amount === null || amount === undefined ? "—" : formatMoney(amount, position.currency, locale);
  const price = (value: string | null | undefined) =>
    value === null || value === undefined ? "—" : formatPrice(value, locale, { fractionDigits: digits });
  const time = (ms: number | null) =>
    ms === null ? "—" : `${formatDate(ms, locale, zone)} ${formatClock(ms, locale, zone)}`;
  const realized = position.realized === null ? undefined : BigInt(position.realized);
  const value = holding
    ? live.value
    : position.closeNotional === null
      ? undefined
      : BigInt(position.closeNotional);
  const lotSize = lotSizeOf(position.symbol, instrument);
  const orderType = openOrder.status === "ready" ? openOrder.value?.type : undefined;
  const market: Market = position.symbol.startsWith("US:") ? "US" : "JP";
  const terms = useMarketTerms(market);
  const taxed = terms.taxPpm > 0 || (position.closeTax !== null && BigInt(position.closeTax) > 0n);

  return (
    <>
      <PageHeader back="/position/position" title={<Trans>Position details</Trans>} />
      <main className="position-detail" data-testid="position-detail" data-status={position.status}>
        <section className="position-hero">
          <div className="position-hero__who">
            <Link href={detailPath(position.symbol)} className="position-hero__name">
              <InstrumentName symbol={position.symbol} instrument={instrument} />
              <span className="position-hero__code">{instrument?.code}</span>
            </Link>
            <SideBadge side={position.side} leverage={shownLeverage(position)} />
          </div>
          <p className="position-hero__label">
            {holding ? <Trans>Unrealised P&L</Trans> : <Trans>Realised P&L</Trans>}
          </p>
          <div className="position-hero__pnl" data-testid="detail-pnl">
            {holding ? (
              <PnlText pnl={live.pnl} position={position} withPercent />
            ) : (
              <span className={`pnl num ${toneOf(realized)}`}>
                {realized === undefined ? "—" : formatSignedMoney(realized, position.currency, locale)}
              </span>
            )}
          </div>
          <Status position={position} />
        </section>
        <dl className="detail-list">
          <Row label={<Trans>Order number</Trans>}>{position.openOrderId}</Row>
          <Row label={<Trans>Direction</Trans>}>
            {position.side === "long" ? <Trans>Long (buy)</Trans> : <Trans>Short (sell)</Trans>}
          </Row>
          <Row label={<Trans>Price type</Trans>} testId="detail-price-type">
            {openOrder.status === "loading" && <span className="skeleton" />}
            {orderType === "market" && <Trans context="order type">Market</Trans>}
            {orderType === "limit" && <Trans>Limit</Trans>}
            {orderType === "stop" && <Trans context="order type">Stop</Trans>}
            {orderType === "stop_limit" && <Trans context="order type">Stop-limit</Trans>}
            {openOrder.status !== "loading" && orderType === undefined && "—"}
          </Row>
          {openOrder.status === "ready" && openOrder.value?.triggerPrice && (
            <Row label={<Trans>Trigger price</Trans>} testId="detail-trigger">
              {price(openOrder.value.triggerPrice)}
            </Row>
          )}
          {openOrder.status === "ready" && openOrder.value?.venue && (
            <Row label={<Trans>Venue</Trans>} testId="detail-venue">
              <OrderVenueName venue={openOrder.value.venue} />
            </Row>
          )}
          {openOrder.status === "ready" && openOrder.value?.condition && (
            <Row label={<Trans>Condition</Trans>} testId="detail-condition">
              <ConditionName condition={openOrder.value.condition} />
            </Row>
          )}
          {openOrder.status === "ready" && openOrder.value?.route && (
            <Row label={<Trans>Executed at</Trans>} testId="detail-route">
              <RouteFills route={openOrder.value.route} />
            </Row>
          )}
          {openOrder.status === "ready" &&
            openOrder.value?.route &&
            BigInt(openOrder.value.route.saved) > 0n && (
              <Row label={<Trans>SOR saving</Trans>} testId="detail-route-saved">
                {money(openOrder.value.route.saved)}
              </Row>
            )}
          <Row label={<Trans>Open time</Trans>}>{time(position.openedAtMs)}</Row>
          <Row label={<Trans>Open price</Trans>}>{price(position.openPrice)}</Row>
          <Row label={<Trans>Quantity held</Trans>}>
            <QuantityText shares={position.quantity} lotSize={lotSize} />
            {lotSize > 1 && (
              <span className="detail-list__aside">
                <Trans>{position.quantity} shares</Trans>
              </span>
            )}
          </Row>
          <Row label={<Trans>Leverage</Trans>}>
            <LeverageText leverage={shownLeverage(position)} />
          </Row>
          <Row label={<Trans>Original margin</Trans>}>{money(position.initialMargin)}</Row>
          <Row label={<Trans>Current margin</Trans>} testId="detail-margin">
            {money(position.margin)}
          </Row>
          {holding && <Row label={<Trans>Last price</Trans>}>{price(live.last)}</Row>}
          <Row label={<Trans>Market value</Trans>}>{money(value)}</Row>
          <Row label={<Trans>Close time</Trans>}>{time(position.closedAtMs)}</Row>
          <Row label={<Trans>Close price</Trans>}>{price(position.closePrice)}</Row>
          <Row label={<Trans>Opening fee</Trans>}>{money(position.openFee)}</Row>
          <Row label={<Trans>Closing fee</Trans>}>{money(position.closeFee)}</Row>
          {/* Japan charges no duty on share trades: the line shows only where a tax is charged. */}
          {taxed && (
            <Row
              label={market === "US" ? <Trans>SEC fee</Trans> : <Trans>Tax on the sale</Trans>}
              testId="detail-sale-tax"
            >
              {money(position.closeTax)}
            </Row>
          )}
        </dl>
        {holding && <PositionStop position={position} instrument={instrument} />}
        {holding && <Actions position={position} pnl={live.pnl} />}
      </main>
    </>
  );
}

function Status({ position }: { position: Position }) {
  const lockEnd = useLockEnd(position);
  let label: ReactNode;
  if (position.status === "holding") label = <Trans>Holding</Trans>;
  else if (position.closeReason === "margin_call") label = <Trans>Closed by margin call</Trans>;
  else label = <Trans context="position status">Closed</Trans>;
  return (
    <p className="position-hero__status">
      <span className="tag" data-status={position.status} data-testid="detail-status">
        {label}
      </span>
      {lockEnd !== undefined && <LockUpTag until={lockEnd} testId="detail-lock" />}
    </p>
  );
}

function Actions({ position, pnl }: { position: Position; pnl: bigint | undefined }) {
  const { t } = useLingui();
  const online = useOnline();
  const locale = useLocale();
  const [closing, setClosing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [closeKeys] = useState(() => new IntentKeys());
  const locked = useLockEnd(position) !== undefined;

  async function close() {
    setBusy(true);
    try {
      const closed = await call(
        tradingApi.closePosition,
        { params: { id: position.id } },
        { idempotencyKey: closeKeys.keyFor(position.id) },
      );
      closeKeys.settle();
      applyPosition(closed);
      afterOwnAction();
      setClosing(false);
      notifySuccess(t({ message: "Position closed", context: "done notice" }));
    } catch (error) {
      closeKeys.settle(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="trade-bar-space" />
      <div className="trade-bar">
        {/* Only a leveraged position borrows beyond its margin; a 1× one is paid for in full. */}
        {acceptsAddedMargin(position) && (
          <button
            type="button"
            className="button button--outline trade-bar__button"
            onClick={() => setAdding(true)}
            disabled={!online}
            data-testid="add-margin"
          >
            <Trans>Add margin</Trans>
          </button>
        )}
        <button
          type="button"
          className="button button--primary trade-bar__button"
          onClick={() => setClosing(true)}
          disabled={locked || !online}
          data-testid="close-position"
        >
          <Trans>Close position</Trans>
        </button>
        <NeedsConnection />
      </div>
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title={<Trans>Close this position at market?</Trans>}
        confirmLabel={<Trans>Close position</Trans>}
        onConfirm={close}
        busy={busy}
        testId="close-dialog"
      >
        <p>
          <Trans>
            It closes at the best prices in the book now; the final price may differ from the last price.
          </Trans>
        </p>
        {pnl !== undefined && (
          <p className={`dialog__figure num ${toneOf(pnl)}`}>
            <Trans>Unrealised P&L now: {formatSignedMoney(pnl, position.currency, locale)}</Trans>
          </p>
        )}
      </ConfirmDialog>
      <AddMarginSheet position={position} open={adding} onOpenChange={setAdding} />
    </>
  );
}

/** Adds margin from available cash: a positive whole number of yen or dollars (spec section 5). */
function AddMarginSheet({
  position,
  open,
  onOpenChange,
}: {
  position: Position;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const account = useAccountSummary();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<FieldError | undefined>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const balance = account.value?.balances.find((item) => item.currency === position.currency);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = amount.trim();
    const minor = /^[1-9]\d{0,12}$/.test(text) ? decimalToMinor(text, position.currency) : undefined;
    if (minor === undefined || minor <= 0n) {
      setError("AMOUNT_INVALID");
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const updated = await call(
        tradingApi.addMargin,
        { params: { id: position.id }, body: { amount: minor.toString() } },
        { idempotencyKey: keys.keyFor(`${position.id}:${minor}`) },
      );
      keys.settle();
      applyPosition(updated);
      afterOwnAction();
      setAmount("");
      onOpenChange(false);
      notifySuccess(t({ message: "Margin added", context: "done notice" }));
    } catch (caught) {
      keys.settle(caught);
      const code = errorCode(caught);
      const fieldCode = caught instanceof ApiError ? caught.fields.amount : undefined;
      setError(
        fieldCode ?? (code === "AMOUNT_INVALID" || code === "INSUFFICIENT_BALANCE" ? code : undefined),
      );
      notifyError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Drawer.Portal>
        <Drawer.Backdrop className="sheet-backdrop" />
        <Drawer.Viewport className="sheet-viewport">
          <Drawer.Popup className="sheet" data-testid="margin-sheet">
            <div className="sheet__handle" />
            <Drawer.Content className="sheet__content">
              <form className="order-form" onSubmit={submit} noValidate>
                <Drawer.Title className="order-form__title">
                  <Trans>Add margin</Trans>
                </Drawer.Title>
                <Drawer.Description className="order-form__note">
                  <Trans>
                    Margin moves from your available cash to this position and returns when it closes.
                  </Trans>
                </Drawer.Description>
                <TextField
                  id="margin-amount"
                  label={
                    position.currency === "JPY" ? (
                      <Trans>Amount (yen)</Trans>
                    ) : (
                      <Trans>Amount (US dollars)</Trans>
                    )
                  }
                  inputMode="numeric"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setError(undefined);
                  }}
                  error={error}
                />
                <dl className="estimate__list">
                  <div className="estimate__row">
                    <dt>
                      <Trans context="buying power">Available cash</Trans>
                    </dt>
                    <dd className="num">
                      {balance ? (
                        formatMoney(balance.available, position.currency, locale)
                      ) : (
                        <span className="skeleton" />
                      )}
                    </dd>
                  </div>
                  <div className="estimate__row">
                    <dt>
                      <Trans>Current margin</Trans>
                    </dt>
                    <dd className="num">{formatMoney(position.margin, position.currency, locale)}</dd>
                  </div>
                </dl>
                <button type="submit" className="button button--primary button--block" disabled={busy}>
                  <Trans>Add margin</Trans>
                </button>
              </form>
            </Drawer.Content>
          </Drawer.Popup>
        </Drawer.Viewport>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
