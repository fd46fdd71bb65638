import { Tabs } from "@base-ui/react/tabs";
import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import { type CandleInterval, candleIntervals } from "@kabuto/shared/protocol/market-data";
import { anySymbolSchema, type InstrumentSymbol, symbolCode, symbolKind } from "@kabuto/shared/symbols";
import type { Side } from "@kabuto/shared/trading/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
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

function isCandleInterval(value: unknown): value is CandleInterval {
  return (candleIntervals as readonly unknown[]).includes(value);
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

function Detail({ symbol }: { symbol: InstrumentSymbol }) {
  const { t } = useLingui();
  const locale = useLocale();
  const loaded = useInstrument(symbol);
  const instrument = loaded.status === "ready" ? loaded.value : knownInstrument(symbol);
  const live = useQuote(symbol);
  const [interval, setChartInterval] = useState<CandleInterval>("1d");
  const chartReady = useOpeningScreenPainted();

  if (!instrument && loaded.status === "error") return <DetailProblem error={loaded.error} />;

  const quote = live ?? instrument?.quote ?? null;
  const digits = priceDigits(symbol, instrument?.tickTable, quote?.last);
  // The chart's scale keeps the decimals of the first price seen: rebuilding it on every tick
  // across 3,000 yen would reset the member's zoom.
  const chartDigits = priceDigits(symbol, instrument?.tickTable, instrument?.quote?.last);
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
      {symbol.startsWith("JP:") ? (
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
      )}
      <section className="chart-card" aria-label={t`Chart`}>
        <Tabs.Root
          value={interval}
          onValueChange={(value) => isCandleInterval(value) && setChartInterval(value)}
        >
          <Tabs.List className="interval-tabs" aria-label={t`Chart interval`}>
            {candleIntervals.map((value) => (
              <Tabs.Tab key={value} className="interval-tabs__tab" value={value}>
                {labels[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={interval}>
            <Suspense fallback={<div className="chart" />}>
              {chartReady ? (
                <PriceChart symbol={symbol} interval={interval} digits={chartDigits} />
              ) : (
                <div className="chart" />
              )}
            </Suspense>
            {/* A quiet credit below the plot, covering no data; the licence's notice is behind it.
                Outside the lazy chart, so its line is there before the chart and nothing below moves. */}
            <Link href="/user/aboutUs" className="chart__credit" data-testid="chart-credit">
              <Trans>Charts by TradingView</Trans>
            </Link>
          </Tabs.Panel>
        </Tabs.Root>
      </section>
      {symbolKind(symbol) === "equity" &&
        (symbol.startsWith("JP:") ? (
          <Suspense
            fallback={
              <OrderBook
                symbol={symbol}
                lotSize={instrument?.lotSize ?? 1}
                prevClose={quote?.prevClose}
                digits={digits}
              />
            }
          >
            <JpOrderBook symbol={symbol} instrument={instrument} quote={quote} digits={digits} />
          </Suspense>
        ) : (
          <OrderBook
            symbol={symbol}
            lotSize={instrument?.lotSize ?? 1}
            prevClose={quote?.prevClose}
            digits={digits}
          />
        ))}
      {symbolKind(symbol) === "equity" && instrument && <TradeBar instrument={instrument} />}
    </>
  );
}

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
