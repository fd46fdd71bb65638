import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import { type CandleInterval, candleIntervals } from "@kabuto/shared/protocol/market-data";
import { anySymbolSchema, type InstrumentSymbol, symbolCode, symbolKind } from "@kabuto/shared/symbols";
import type { Side } from "@kabuto/shared/trading/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, memo, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { partsOf } from "../../app/feature.ts";
import { features } from "../../app/features.ts";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { ApiError, errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { whenIdle } from "../../lib/idle.ts";
import { afterOpeningScreen, openingScreenSettled } from "../../lib/opening-screen.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { NeedsConnection } from "../../offline/offline-banner.tsx";
import { useSessionState } from "../../state/session.ts";
import { useQuote } from "../../state/topics.ts";
import { localName, priceDigits } from "./instrument.ts";
import { knownInstrument, useInstrument } from "./market-api.ts";
import { OrderBook } from "./order-book.tsx";
import { QuoteHeader } from "./quote-header.tsx";
import { WatchStar } from "./watch-star.tsx";
import "./market.css";

const stockActions = partsOf(features, "stockActions");

/** lightweight-charts is loaded with the chart only, never on the first screen. */
const PriceChart = lazy(() => import("./price-chart.tsx").then((m) => ({ default: m.PriceChart })));
/**
 * The order panel (its form rules and the trading API): not part of the page's first paint, but
 * fetched and run once the page is idle for a signed-in member, so that tapping buy or sell only
 * renders it rather than downloading and compiling it first.
 */
const loadOrderSheet = () => import("../trading/order-sheet.tsx");
const OrderSheet = lazy(() => loadOrderSheet().then((m) => ({ default: m.OrderSheet })));
/** The PTS's parts of a Tokyo name's page: loaded for Tokyo's names only. */
const JpQuoteHeader = lazy(() => import("./pts-quote.tsx").then((m) => ({ default: m.JpQuoteHeader })));
const JpOrderBook = lazy(() => import("./pts-quote.tsx").then((m) => ({ default: m.JpOrderBook })));

/**
 * Whether the screen the app opened on has painted (lib/opening-screen.ts). When the app opens on
 * a stock's page, the chart's library (the page's largest download) waits until the price and the
 * book are on screen rather than sharing a phone's link with them; opened from another screen it
 * loads at once.
 */
function useOpeningScreenPainted(): boolean {
  const [painted, setPainted] = useState(openingScreenSettled);
  useEffect(() => {
    if (painted) return;
    let current = true;
    void afterOpeningScreen().then(() => current && setPainted(true));
    return () => {
      current = false;
    };
  }, [painted]);
  return painted;
}

/** `#/market/marketDetail?symbol=JP%3A7203`: the spec's paths take no parameters, so the symbol is a query. */
export function DetailScreen() {
  const symbolParam = new URLSearchParams(useSearch()).get("symbol") ?? "";
  const parsed = anySymbolSchema.safeParse(symbolParam);
  if (!parsed.success) return <DetailProblem error={new ApiError(400, "SYMBOL_INVALID")} />;
  return <Detail key={parsed.data} symbol={parsed.data} />;
}

function DetailProblem({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeader back="/market/market" title={<Trans>Quote</Trans>} />
      <p className="empty" role="alert">
        {errorMessage(i18n, errorCode(error))}
      </p>
    </>
  );
}

/**
 * The stock's page. The live quote is read by the parts that show it (the price, the board's
 * colours), not here: a tick re-renders those parts only, and the chart's tabs, the board's rows
 * and the trade bar, which a phone takes a while to render, stay as they are.
 */
function Detail({ symbol }: { symbol: InstrumentSymbol }) {
  const locale = useLocale();
  const loaded = useInstrument(symbol);
  const instrument = loaded.status === "ready" ? loaded.value : knownInstrument(symbol);

  if (!instrument && loaded.status === "error") return <DetailProblem error={loaded.error} />;

  // The chart's scale keeps the decimals of the first price seen: rebuilding it on every tick
  // across 3,000 yen would reset the member's zoom.
  const chartDigits = priceDigits(symbol, instrument?.tickTable, instrument?.quote?.last);

  return (
    <>
      <PageHeader
        back="/market/market"
        title={
          <span className="detail-title">
            <span>{instrument ? localName(instrument.name, locale) : <span className="skeleton" />}</span>
            {/* The code is the symbol's own, so its line is there before the stock loads. */}
            <span className="detail-title__code">{instrument?.code ?? symbolCode(symbol)}</span>
          </span>
        }
        actions={symbolKind(symbol) === "equity" ? <StockActions symbol={symbol} /> : undefined}
      />
      <DetailQuote symbol={symbol} instrument={instrument} />
      <ChartCard symbol={symbol} digits={chartDigits} />
      {symbolKind(symbol) === "equity" && <DetailBook symbol={symbol} instrument={instrument} />}
      {symbolKind(symbol) === "equity" && instrument && <TradeBar instrument={instrument} />}
    </>
  );
}

interface LiveProps {
  symbol: InstrumentSymbol;
  instrument: InstrumentWithQuote | undefined;
}

/** The live quote: the streamed one, or the one the stock was read with until the first tick. */
function useLiveQuote({ symbol, instrument }: LiveProps) {
  const live = useQuote(symbol);
  const quote = live ?? instrument?.quote ?? null;
  return { quote, digits: priceDigits(symbol, instrument?.tickTable, quote?.last) };
}

/** The price and the day's figures, re-rendered on each tick. */
function DetailQuote(props: LiveProps) {
  const { symbol, instrument } = props;
  const { quote, digits } = useLiveQuote(props);
  return symbol.startsWith("JP:") ? (
    <Suspense
      fallback={
        <QuoteHeader
          symbol={symbol}
          instrument={instrument}
          quote={quote}
          digits={digits}
          reference={<p className="quote-header__reference" />}
        />
      }
    >
      <JpQuoteHeader symbol={symbol} instrument={instrument} quote={quote} digits={digits} />
    </Suspense>
  ) : (
    <QuoteHeader symbol={symbol} instrument={instrument} quote={quote} digits={digits} />
  );
}

/**
 * The board. A tick re-renders this wrapper only: the board itself takes the previous close and
 * the decimals, which a tick seldom changes, and follows its own book topic.
 */
function DetailBook(props: LiveProps) {
  const { symbol, instrument } = props;
  const { quote, digits } = useLiveQuote(props);
  const prevClose = quote?.prevClose;
  const lotSize = instrument?.lotSize ?? 1;
  const board = <MemoOrderBook symbol={symbol} lotSize={lotSize} prevClose={prevClose} digits={digits} />;
  return symbol.startsWith("JP:") ? (
    <Suspense fallback={board}>
      <JpOrderBook symbol={symbol} instrument={instrument} prevClose={prevClose} digits={digits} />
    </Suspense>
  ) : (
    board
  );
}

const MemoOrderBook = memo(OrderBook);

/** The chart with its interval tabs; the quote's ticks reach the chart through its own topic. */
const ChartCard = memo(function ChartCard({ symbol, digits }: { symbol: InstrumentSymbol; digits: number }) {
  const { t } = useLingui();
  const [interval, setChartInterval] = useState<CandleInterval>("1d");
  const chartReady = useOpeningScreenPainted();
  const labels: Record<CandleInterval, string> = {
    "1m": t`1m`,
    "5m": t`5m`,
    "10m": t`10m`,
    "30m": t`30m`,
    "1d": t`Day`,
    "1w": t`Week`,
    "1M": t`Month`,
  };
  return (
    <section className="chart-card" aria-label={t`Chart`}>
      {/* Native radios drawn as a row of tabs: the arrow keys move between them with no script,
          and nothing reads the layout while the page is first built (a tabs widget measured its
          list for overflow on mount, a forced layout on a phone). */}
      <div className="interval-tabs">
        <ChoiceChips
          name="chart-interval"
          legend={t`Chart interval`}
          legendHidden
          look="tabs"
          value={interval}
          choices={candleIntervals.map((value) => ({ value, label: labels[value] }))}
          onChange={setChartInterval}
        />
      </div>
      <Suspense fallback={<div className="chart" />}>
        {chartReady ? (
          <PriceChart symbol={symbol} interval={interval} digits={digits} />
        ) : (
          <div className="chart" />
        )}
      </Suspense>
      {/* A quiet credit below the plot, covering no data; the licence's notice is behind it.
          Outside the lazy chart, so its line is there before the chart and nothing below moves. */}
      <Link href="/user/aboutUs" className="chart__credit" data-testid="chart-credit">
        <Trans>Charts by TradingView</Trans>
      </Link>
    </section>
  );
});

/** The watchlist star and every feature's buttons for a stock, each in a slot of its own size. */
function StockActions({ symbol }: { symbol: string }) {
  return (
    <>
      {stockActions.map(({ component: Action }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the app's life.
        <Suspense key={index} fallback={<span className="icon-button" aria-hidden="true" />}>
          <Action symbol={symbol} />
        </Suspense>
      ))}
      <WatchStar symbol={symbol} />
    </>
  );
}

/** Buy (long) and sell (short) at the foot of a stock; signed out, they lead to sign-in. */
function TradeBar({ instrument }: { instrument: InstrumentWithQuote }) {
  const session = useSessionState();
  const online = useOnline();
  const [, navigate] = useLocation();
  const [side, setSide] = useState<Side>("long");
  const [open, setOpen] = useState(false);
  /** The sheet stays mounted once loaded, so a second tap opens it at once and keeps the form. */
  const [loaded, setLoaded] = useState(false);
  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) return;
    return whenIdle(() => void loadOrderSheet().catch(() => undefined));
  }, [signedIn]);

  function start(chosen: Side) {
    if (!session) {
      navigate("/login/login");
      return;
    }
    setSide(chosen);
    setLoaded(true);
    setOpen(true);
  }

  return (
    <>
      <div className="trade-bar-space" />
      <div className="trade-bar">
        <button
          type="button"
          className="button trade-bar__button"
          data-side="long"
          onClick={() => start("long")}
          disabled={!online}
          data-testid="trade-long"
        >
          <Trans>Buy · Long</Trans>
        </button>
        <button
          type="button"
          className="button trade-bar__button"
          data-side="short"
          onClick={() => start("short")}
          disabled={!online}
          data-testid="trade-short"
        >
          <Trans>Sell · Short</Trans>
        </button>
        <NeedsConnection />
      </div>
      {loaded && session && (
        <Suspense fallback={null}>
          <OrderSheet
            instrument={instrument}
            side={side}
            onSideChange={setSide}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
