import { Tabs } from "@base-ui/react/tabs";
import type { DayTrading } from "@kabuto/shared/api/day-trading";
import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { Position } from "@kabuto/shared/api/trading";
import { dayTradingApi } from "@kabuto/shared/endpoints/day-trading";
import { formatClock, formatDate, formatMoney, formatPrice } from "@kabuto/shared/format";
import type { Market } from "@kabuto/shared/symbols";
import { marketZone, symbolMarket } from "@kabuto/shared/symbols";
import type { Side } from "@kabuto/shared/trading/rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { CheckField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useNow } from "../../lib/use-now.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, Notice, SignInNeeded } from "../identity/identity-parts.tsx";
import { priceDigits } from "../market/instrument.ts";
import { knownInstrument, useInstrument } from "../market/market-api.ts";
import { useInstruments } from "../market/use-instruments.ts";
import { formatSignedMoney, LeverageText, SideBadge, toneOf } from "../trading/figures.tsx";
import { OrderForm } from "../trading/order-sheet.tsx";
import { shownLeverage } from "../trading/pnl.ts";
import {
  Figure,
  InstrumentName,
  lotSizeOf,
  OpenPositionSummary,
  QuantityText,
} from "../trading/position-parts.tsx";
import { useClosedPositions, useHoldingPositions } from "../trading/trading-store.ts";
import "../trading/trading.css";
import "./day-trading.css";

const dayTradingTabs = ["order", "trading", "details", "applied"] as const;
type DayTradingTab = (typeof dayTradingTabs)[number];

function isDayTradingTab(value: unknown): value is DayTradingTab {
  return (dayTradingTabs as readonly unknown[]).includes(value);
}

/** Liquid names of both markets to day trade from the order tab; `?symbol=` opens any other. */
const suggested = ["JP:7203", "JP:9432", "US:AAPL", "US:KO"] as const;

const statusLabels: Record<"pending" | "approved" | "rejected", MessageDescriptor> = {
  pending: msg({ message: "Under review", context: "day-trading application" }),
  approved: msg({ message: "Approved", context: "day-trading application" }),
  rejected: msg({ message: "Rejected", context: "day-trading application" }),
};

/**
 * `/common/dayTrading`: day trading (one-day margin) in four tabs: order submission (the order
 * form in day-trade mode), trading (open day trades with live P&L and the time left to the
 * cut-off), trade details (closed day trades with P&L and fees) and applied (the application).
 */
export function DayTradingScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader back="/home/index" title={<Trans>Day trading</Trans>} />
      <main className="day-trading" data-testid="day-trading">
        {session ? <DayTradingTabs /> : <SignInNeeded />}
      </main>
    </>
  );
}

function DayTradingTabs() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const requested = path === "/common/dayTrading" ? params.get("tab") : null;
  const [tab, setTab] = useState<DayTradingTab>(isDayTradingTab(requested) ? requested : "order");
  const overview = useEndpoint(dayTradingApi.overview, {});
  const reload = overview.reload;
  useEffect(() => {
    if (isDayTradingTab(requested)) setTab(requested);
  }, [requested]);
  function choose(value: DayTradingTab) {
    setTab(value);
    const symbol = params.get("symbol");
    navigate(`/common/dayTrading?tab=${value}${symbol ? `&symbol=${encodeURIComponent(symbol)}` : ""}`, {
      replace: true,
    });
  }
  if (overview.status === "error") return <LoadProblem error={overview.error} onRetry={reload} />;
  const value = overview.status === "ready" ? overview.value : undefined;
  return (
    <Tabs.Root value={tab} onValueChange={(next) => isDayTradingTab(next) && choose(next)}>
      <Tabs.List className="underline-tabs day-trading__tabs">
        <Tabs.Tab className="underline-tabs__tab" value="order">
          <Trans>Order</Trans>
        </Tabs.Tab>
        <Tabs.Tab className="underline-tabs__tab" value="trading">
          <Trans context="day-trade tab">Trading</Trans>
        </Tabs.Tab>
        <Tabs.Tab className="underline-tabs__tab" value="details">
          <Trans>Trade details</Trans>
        </Tabs.Tab>
        <Tabs.Tab className="underline-tabs__tab" value="applied">
          <Trans>Applied</Trans>
        </Tabs.Tab>
        <Tabs.Indicator className="underline-tabs__indicator" />
      </Tabs.List>
      {value === undefined ? (
        <div className="panel" aria-busy="true" />
      ) : (
        <>
          <Tabs.Panel value="order">
            {tab === "order" && (
              <OrderPanel
                overview={value}
                symbolParam={params.get("symbol")}
                onApply={() => choose("applied")}
                onOpened={() => {
                  reload();
                  choose("trading");
                }}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="trading">{tab === "trading" && <TradingPanel overview={value} />}</Tabs.Panel>
          <Tabs.Panel value="details">{tab === "details" && <DetailsPanel />}</Tabs.Panel>
          <Tabs.Panel value="applied">
            {tab === "applied" && <AppliedPanel overview={value} onApplied={reload} />}
          </Tabs.Panel>
        </>
      )}
    </Tabs.Root>
  );
}

function OrderPanel({
  overview,
  symbolParam,
  onApply,
  onOpened,
}: {
  overview: DayTrading;
  symbolParam: string | null;
  onApply: () => void;
  onOpened: () => void;
}) {
  const [, navigate] = useLocation();
  const symbol = symbolParam ?? suggested[0];
  const [side, setSide] = useState<Side>("long");
  if (overview.application?.status !== "approved") {
    return (
      <div className="day-trading__panel">
        <Notice tone="warn" testId="day-trading-not-approved">
          <Trans>
            Day trading needs an approved application. Read the terms and apply in the Applied tab.
          </Trans>
        </Notice>
        <button type="button" className="button button--primary button--block" onClick={onApply}>
          <Trans>Apply for day trading</Trans>
        </button>
      </div>
    );
  }
  const market = marketOfSymbol(symbol);
  return (
    <div className="day-trading__panel">
      <ChoiceChips
        name="day-trade-symbol"
        legend={<Trans>Stock</Trans>}
        value={suggested.includes(symbol as (typeof suggested)[number]) ? symbol : ""}
        onChange={(next) => navigate(`/common/dayTrading?tab=order&symbol=${encodeURIComponent(next)}`)}
        choices={suggested.map((value) => ({ value, label: <SymbolLabel symbol={value} /> }))}
        look="chips"
      />
      <Link href="/home/search?then=dayTrade" className="day-trading__find" data-testid="day-trade-find">
        <Trans>Find another stock</Trans>
      </Link>
      {market && <BuyingPower overview={overview} market={market} />}
      <DayTradeForm
        key={symbol}
        symbol={symbol}
        side={side}
        onSideChange={setSide}
        overview={overview}
        onDone={onOpened}
      />
    </div>
  );
}

function SymbolLabel({ symbol }: { symbol: string }) {
  const instruments = useInstruments([symbol]);
  return <InstrumentName symbol={symbol} instrument={instruments.get(symbol)} />;
}

function marketOfSymbol(symbol: string): Market | undefined {
  const market = symbolMarket(symbol as Position["symbol"]);
  return market === "JP" || market === "US" ? market : undefined;
}

/**
 * What the member's cash opens as day trades, said apart from the cash itself: the order form
 * below shows the cash available, and without a word on which is which the two figures read as
 * two buying powers.
 */
function BuyingPower({ overview, market }: { overview: DayTrading; market: Market }) {
  const locale = useLocale();
  const terms = overview.markets[market];
  return (
    <div className="day-trading__power">
      <dl>
        <dt data-testid="day-trade-buying-power-label">
          <Trans>Day-trade buying power</Trans>
        </dt>
        <dd className="num" data-testid="day-trade-buying-power">
          {formatMoney(BigInt(terms.buyingPower), terms.currency, locale)}
        </dd>
      </dl>
      <p className="day-trading__power-note" data-testid="day-trade-buying-power-note">
        <Trans>
          The largest day trade your available cash opens at <LeverageText leverage={terms.leverage} />,
          margin and commission included.
        </Trans>
      </p>
    </div>
  );
}

function DayTradeForm({
  symbol,
  side,
  onSideChange,
  overview,
  onDone,
}: {
  symbol: string;
  side: Side;
  onSideChange: (side: Side) => void;
  overview: DayTrading;
  onDone: () => void;
}) {
  const loaded = useInstrument(symbol);
  const instrument: InstrumentWithQuote | undefined =
    loaded.status === "ready" ? loaded.value : knownInstrument(symbol);
  if (!instrument && loaded.status === "error") return <LoadProblem error={loaded.error} />;
  if (!instrument) return <div className="panel" aria-busy="true" />;
  return (
    <OrderForm
      instrument={instrument}
      side={side}
      placement="screen"
      onSideChange={onSideChange}
      onDone={onDone}
      dayTrade={overview.markets[instrument.market]}
    />
  );
}

function Countdown({ cutoffMs }: { cutoffMs: number | null }) {
  const now = useNow(1_000);
  if (cutoffMs === null) return null;
  const left = Math.max(0, cutoffMs - now);
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  const seconds = Math.floor((left % 60_000) / 1_000);
  const clock = `${hours > 0 ? `${hours}:` : ""}${String(minutes).padStart(hours > 0 ? 2 : 1, "0")}:${String(seconds).padStart(2, "0")}`;
  return (
    <span className="day-trading__countdown num" data-testid="day-trade-countdown" data-left={left}>
      {left > 0 ? <Trans>Cut-off in {clock}</Trans> : <Trans>Closing at the cut-off…</Trans>}
    </span>
  );
}

function TradingPanel({ overview }: { overview: DayTrading }) {
  const holding = useHoldingPositions();
  const items = holding.value?.filter((position) => position.dayTrade);
  const instruments = useInstruments(items?.map((position) => position.symbol) ?? []);
  const { i18n } = useLingui();
  if (items === undefined) {
    if (holding.error !== undefined)
      return (
        <p className="empty" role="alert">
          {errorMessage(i18n, errorCode(holding.error))}
        </p>
      );
    return <div className="panel" aria-busy="true" />;
  }
  if (items.length === 0)
    return (
      <div className="empty" data-testid="day-trading-none-open">
        <p>
          <Trans>No day trades open.</Trans>
        </p>
      </div>
    );
  return (
    <ul className="trade-list">
      {items.map((position) => (
        <OpenDayTrade
          key={position.id}
          position={position}
          instrument={instruments.get(position.symbol)}
          cutoffMs={overview.markets[marketOfSymbol(position.symbol) ?? "JP"].cutoffMs}
        />
      ))}
    </ul>
  );
}

function OpenDayTrade({
  position,
  instrument,
  cutoffMs,
}: {
  position: Position;
  instrument: InstrumentWithQuote | undefined;
  cutoffMs: number | null;
}) {
  return (
    <li className="trade-row" data-testid="day-trade-open" data-position={position.id}>
      <OpenPositionSummary position={position} instrument={instrument} pnlTestId="day-trade-pnl" />
      <Countdown cutoffMs={cutoffMs} />
    </li>
  );
}

const closeReasons: Record<NonNullable<Position["closeReason"]>, MessageDescriptor> = {
  member: msg({ message: "Closed by you", context: "day trade close" }),
  margin_call: msg({ message: "Margin call", context: "day trade close" }),
  day_trade_cutoff: msg({ message: "Closed at the cut-off", context: "day trade close" }),
};

function DetailsPanel() {
  const closed = useClosedPositions();
  const items = closed.value?.filter((position) => position.dayTrade);
  const instruments = useInstruments(items?.map((position) => position.symbol) ?? []);
  const { i18n } = useLingui();
  const locale = useLocale();
  if (items === undefined) {
    if (closed.error !== undefined)
      return (
        <p className="empty" role="alert">
          {errorMessage(i18n, errorCode(closed.error))}
        </p>
      );
    return <div className="panel" aria-busy="true" />;
  }
  if (items.length === 0)
    return (
      <div className="empty">
        <p>
          <Trans>No closed day trades yet.</Trans>
        </p>
      </div>
    );
  return (
    <ul className="trade-list">
      {items.map((position) => {
        const instrument = instruments.get(position.symbol);
        const digits = priceDigits(position.symbol, instrument?.tickTable, position.openPrice);
        const price = (value: string | null) =>
          value === null ? "—" : formatPrice(value, locale, { fractionDigits: digits });
        const realized = position.realized === null ? undefined : BigInt(position.realized);
        const fees =
          BigInt(position.openFee) + BigInt(position.closeFee ?? "0") + BigInt(position.closeTax ?? "0");
        const zone = marketZone[marketOfSymbol(position.symbol) ?? "JP"];
        return (
          <li
            key={position.id}
            className="trade-row"
            data-testid="day-trade-closed"
            data-position={position.id}
          >
            <span className="trade-row__head">
              <span className="trade-row__name">
                <InstrumentName symbol={position.symbol} instrument={instrument} />
              </span>
              <SideBadge side={position.side} leverage={shownLeverage(position)} />
              <span className={`trade-row__end pnl num ${toneOf(realized)}`} data-testid="day-trade-realized">
                {realized === undefined ? "—" : formatSignedMoney(realized, position.currency, locale)}
              </span>
            </span>
            <dl className="trade-row__figures">
              <Figure label={<Trans>Quantity</Trans>}>
                <QuantityText shares={position.quantity} lotSize={lotSizeOf(position.symbol, instrument)} />
              </Figure>
              <Figure label={<Trans>Open price</Trans>}>{price(position.openPrice)}</Figure>
              <Figure label={<Trans>Close price</Trans>}>{price(position.closePrice)}</Figure>
              <Figure label={<Trans>Fees and tax</Trans>}>
                {formatMoney(fees, position.currency, locale)}
              </Figure>
            </dl>
            <span className="day-trading__closed-by" data-testid="day-trade-close-reason">
              {position.closeReason ? i18n._(closeReasons[position.closeReason]) : null}
              {position.closedAtMs !== null &&
                ` · ${formatDate(position.closedAtMs, locale, zone)} ${formatClock(position.closedAtMs, locale, zone, { seconds: false })}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function AppliedPanel({ overview, onApplied }: { overview: DayTrading; onApplied: () => void }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const application = overview.application;
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const canApply = application === null || application.status === "rejected";
  const jp = overview.markets.JP;
  const us = overview.markets.US;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!agreed) {
      setError("DAY_TRADE_AGREEMENT_REQUIRED");
      return;
    }
    setBusy(true);
    try {
      await call(dayTradingApi.apply, { body: { agree: true } }, { idempotencyKey: keys.keyFor("apply") });
      keys.settle();
      notifySuccess(i18n._(msg`Application sent`));
      onApplied();
    } catch (caught) {
      keys.settle(caught);
      setError(errorCode(caught));
      notifyError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="day-trading__panel">
      {application && (
        <section className="panel day-trading__application" data-testid="day-trade-application">
          <h2>
            <Trans>Your application</Trans>
          </h2>
          <p>
            <span className="tag" data-status={application.status} data-testid="day-trade-application-status">
              {i18n._(statusLabels[application.status])}
            </span>{" "}
            <span className="num">{formatDate(application.createdAtMs, locale, marketZone.JP)}</span>
          </p>
          {application.status === "rejected" && application.reason && (
            <Notice tone="danger">
              <Trans>Reason: {application.reason}</Trans>
            </Notice>
          )}
          {application.status === "pending" && (
            <p>
              <Trans>
                Operations review applications on business days. You can day trade once it is approved.
              </Trans>
            </p>
          )}
        </section>
      )}
      <section className="panel day-trading__agreement" data-testid="day-trade-agreement">
        <h2>
          <Trans>Day trading: terms and risks</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              A day trade is a margin position that must be closed the same day. Japanese stocks up to{" "}
              {jp.leverage}× ({jp.marginPct}% margin), US stocks up to {us.leverage}× ({us.marginPct}%
              margin).
            </Trans>
          </li>
          <li>
            <Trans>
              Leverage multiplies losses as well as gains: you can lose more than the margin you put up, and a
              loss beyond your cash becomes a debt you owe.
            </Trans>
          </li>
          <li>
            <Trans>
              Forced close: every day trade still open {overview.cutoffMinutes} minutes before its session
              closes is closed at market by us, at whatever price the market offers then. After that time no
              new day trade opens that day.
            </Trans>
          </li>
          <li>
            <Trans>
              The maintenance rule of ordinary margin applies: if a position's equity falls too far, it is
              closed at once.
            </Trans>
          </li>
          <li>
            <Trans>No borrowing interest is charged. Orders are market orders in the regular session.</Trans>
          </li>
        </ul>
        {canApply && (
          <form onSubmit={submit} noValidate>
            <CheckField
              id="day-trade-agree"
              checked={agreed}
              onChange={(value) => {
                setAgreed(value);
                setError(undefined);
              }}
              error={error}
            >
              <Trans>I have read and agree to the day-trading terms, the risks and the forced close.</Trans>
            </CheckField>
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={busy}
              data-testid="day-trade-apply"
            >
              <Trans>Apply for day trading</Trans>
            </button>
          </form>
        )}
        {application?.status === "approved" && (
          <Link href="/common/dayTrading?tab=order" className="button button--outline button--block">
            <Trans>Place a day trade</Trans>
          </Link>
        )}
      </section>
    </div>
  );
}
