import { formatPrice, intlLocale } from "@kabuto/shared/format";
import type { Candle, CandleInterval } from "@kabuto/shared/protocol/market-data";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineStyle,
  type LogicalRange,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import type { AppLocale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useLiveCandle, useMarketSession, usePtsQuote } from "../../state/topics.ts";
import { opensAtPts } from "../trading/venue.ts";
import {
  type Bar,
  isIntraday,
  liveCandlePlacement,
  mergeCandles,
  toBar,
  toVolume,
  type VolumeBar,
} from "./chart-data.ts";
import { symbolZone } from "./instrument.ts";
import { fetchCandles } from "./market-api.ts";

/** Candles per history request: a screenful at the default bar spacing, times three for scrolling. */
const historyPageSize = 300;
/** Scrolling back stops here: older bars than this on a phone are noise and cost memory. */
const historyBarsMax = 3000;
/** Load an older page when the left edge comes within this many bars of the first one. */
const loadOlderWithinBars = 10;

interface PriceChartProps {
  symbol: string;
  interval: CandleInterval;
  /** Decimals of the price scale. */
  digits: number;
}

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<"Candlestick">;
  volumes: ISeriesApi<"Histogram">;
  rise: string;
  fall: string;
}

type Status = "loading" | "ready" | "empty" | "error";

function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function withAlpha(color: string, alpha: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? `${color}${alpha}` : color;
}

function createParts(container: HTMLElement, locale: AppLocale, digits: number): ChartParts {
  const rise = cssColor("--rise");
  const fall = cssColor("--fall");
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: "#ffffff" },
      textColor: cssColor("--text-2"),
      fontSize: 11,
      fontFamily: getComputedStyle(document.documentElement).fontFamily,
      // The licence's attribution (notice and link to TradingView) is on the about screen, which
      // the library's documentation accepts in place of this logo; on a phone the logo covered
      // the volume bars.
      attributionLogo: false,
    },
    localization: {
      locale: intlLocale[locale],
      // The crosshair's date: year first in Japan and Taiwan, day first in the chart's English default.
      dateFormat: locale === "en" ? "dd MMM 'yy" : "yyyy/MM/dd",
      priceFormatter: (price: number) => formatPrice(price.toFixed(digits), locale),
    },
    grid: { vertLines: { color: "#f1f2f5" }, horzLines: { color: "#f1f2f5" } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: 0.28 } },
    timeScale: { borderVisible: false, rightOffset: 3, secondsVisible: false },
    crosshair: {
      horzLine: { labelBackgroundColor: "#1f4fd8" },
      vertLine: { labelBackgroundColor: "#1f4fd8" },
    },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: rise,
    downColor: fall,
    wickUpColor: rise,
    wickDownColor: fall,
    borderVisible: false,
    priceFormat: { type: "price", precision: digits, minMove: 10 ** -digits },
  });
  const volumes = chart.addSeries(HistogramSeries, {
    priceScaleId: "volume",
    priceFormat: { type: "volume" },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale("volume").applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
  return { chart, candles, volumes, rise, fall };
}

function barData(bar: Bar) {
  return { ...bar, time: bar.time as UTCTimestamp };
}

function volumeData(parts: ChartParts, bar: VolumeBar) {
  return {
    time: bar.time as UTCTimestamp,
    value: bar.value,
    color: withAlpha(bar.rising ? parts.rise : parts.fall, "66"),
  };
}

/** A Tokyo name's PTS price while it is the stock page's headline (the TSE shut, the PTS trading). */
function usePtsHeadline(symbol: string): string | undefined {
  const session = useMarketSession("JP");
  const headline = symbol.startsWith("JP:") && opensAtPts({ tse: session?.phase, pts: session?.pts?.phase });
  return usePtsQuote(headline ? symbol : null)?.last;
}

function showHistory(parts: ChartParts, history: Candle[], zone: string): void {
  parts.candles.setData(history.map((candle) => barData(toBar(candle, zone))));
  parts.volumes.setData(history.map((candle) => volumeData(parts, toVolume(candle, zone))));
}

/** The first page of history for one symbol and interval, or why it could not be read. */
type FirstPage = { key: string; items: Candle[] } | { key: string; failure: string };

/**
 * Candlesticks with a volume histogram: history from the candles API, the forming candle live
 * from `candle:<symbol>:<interval>`, older pages loaded as the member scrolls back.
 *
 * On a phone the library's work is the page's longest, so it is spread over tasks of its own:
 * the history is asked for as the chart mounts; the chart is created once the history is here
 * (it draws once, with its candles, rather than empty first), in a task after the render; the
 * candles are set in the next; the library draws them in the frame after.
 */
export function PriceChart({ symbol, interval, digits }: PriceChartProps) {
  const locale = useLocale();
  const { i18n } = useLingui();
  const zone = symbolZone(symbol);
  const container = useRef<HTMLDivElement>(null);
  const [parts, setParts] = useState<ChartParts | null>(null);
  const history = useRef<Candle[]>([]);
  const [status, setStatus] = useState<Status>("loading");
  const [failure, setFailure] = useState("");
  const live = useLiveCandle(symbol, interval);
  const latestLive = useRef(live);
  latestLive.current = live;
  const ptsLast = usePtsHeadline(symbol);
  const key = `${symbol} ${interval}`;
  const [first, setFirst] = useState<FirstPage>();
  const page = first?.key === key ? first : undefined;
  // Whether a first page has arrived: from then on the chart exists, whatever is shown in it.
  const [armed, setArmed] = useState(false);
  if (page && !armed) setArmed(true);

  // The first page of history, asked for at once rather than after the chart is built.
  useEffect(() => {
    let active = true;
    fetchCandles(symbol, interval, { limit: historyPageSize }).then(
      (list) => active && setFirst({ key, items: list.items }),
      (error: unknown) => active && setFirst({ key, failure: errorCode(error) }),
    );
    return () => {
      active = false;
    };
  }, [symbol, interval, key]);

  // The chart itself: rebuilt when the language changes (its colours and date names follow it).
  useEffect(() => {
    const element = container.current;
    if (!element || !armed) return;
    let created: ChartParts | undefined;
    const timer = setTimeout(() => {
      created = createParts(element, locale, digits);
      setParts(created);
    }, 0);
    return () => {
      clearTimeout(timer);
      setParts(null);
      created?.chart.remove();
    };
  }, [locale, digits, armed]);

  // The history on the chart, then older pages on scrolling back.
  useEffect(() => {
    const current = parts;
    if (!current) return;
    let active = true;
    let loadingOlder = false;
    let exhausted = false;
    history.current = [];
    current.chart.applyOptions({ timeScale: { timeVisible: isIntraday(interval) } });
    if (!page || "failure" in page) {
      current.candles.setData([]);
      current.volumes.setData([]);
      if (page) setFailure(page.failure);
      setStatus(page ? "error" : "loading");
      return;
    }
    const pending = latestLive.current;
    history.current = pending ? mergeCandles(page.items, [pending]) : page.items;
    showHistory(current, history.current, zone);
    current.chart.timeScale().scrollToRealTime();
    exhausted = page.items.length < historyPageSize;
    setStatus(history.current.length ? "ready" : "empty");

    const onRange = (range: LogicalRange | null) => {
      const oldest = history.current[0];
      if (!range || !oldest || loadingOlder || exhausted || range.from > loadOlderWithinBars) return;
      if (history.current.length >= historyBarsMax) return;
      loadingOlder = true;
      fetchCandles(symbol, interval, { before: oldest.t, limit: historyPageSize })
        .then((older) => {
          if (!active) return;
          exhausted = older.items.length < historyPageSize;
          history.current = mergeCandles(older.items, history.current);
          showHistory(current, history.current, zone);
        })
        .catch(() => {
          // Scrolling back is a nicety: the member can scroll again to retry.
        })
        .finally(() => {
          loadingOlder = false;
        });
    };
    current.chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    return () => {
      active = false;
      current.chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
    };
  }, [parts, page, symbol, interval, zone]);

  // The forming candle.
  useEffect(() => {
    const current = parts;
    if (!live || !current || status !== "ready") return;
    const placement = liveCandlePlacement(history.current, live);
    if (placement === "ignore") return;
    history.current =
      placement === "append" ? [...history.current, live] : [...history.current.slice(0, -1), live];
    current.candles.update(barData(toBar(live, zone)));
    current.volumes.update(volumeData(current, toVolume(live, zone)));
  }, [parts, live, status, zone]);

  // While the TSE is shut and the PTS trades, the PTS's price as a labelled line across the candles,
  // which stop at the TSE's close.
  useEffect(() => {
    if (!parts || ptsLast === undefined) return;
    const line = parts.candles.createPriceLine({
      price: Number(ptsLast),
      title: "PTS",
      color: cssColor("--text"),
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: true,
    });
    return () => parts.candles.removePriceLine(line);
  }, [parts, ptsLast]);

  return (
    <div className="chart" data-testid="price-chart" data-status={status} data-pts-line={ptsLast}>
      <div ref={container} style={{ position: "absolute", inset: 0 }} />
      {status === "loading" && (
        <div className="chart__status">
          <span className="skeleton" style={{ width: "40%" }} />
        </div>
      )}
      {status === "empty" && (
        <div className="chart__status">
          <Trans>No chart data yet</Trans>
        </div>
      )}
      {status === "error" && (
        <div className="chart__status" role="alert">
          {errorMessage(i18n, failure)}
        </div>
      )}
    </div>
  );
}
