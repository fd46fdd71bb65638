import type { LeadDetail } from "@kabuto/shared/api/follow";
import { ColorType, createChart, LineSeries, type UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef } from "react";

/**
 * A lead's growth curve: the time-weighted index (1 at the first money) after each journal,
 * drawn with lightweight-charts. Points within one second keep the last, as the library wants
 * strictly rising times.
 */
export function GrowthChart({ curve }: { curve: LeadDetail["curve"] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || curve.length === 0) return;
    const style = getComputedStyle(document.documentElement);
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "#ffffff" },
        textColor: style.getPropertyValue("--text-2").trim() || "#666",
        fontSize: 11,
        fontFamily: style.fontFamily,
        // The licence's attribution is on the about screen (as for the price chart).
        attributionLogo: false,
      },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      grid: { horzLines: { visible: false }, vertLines: { visible: false } },
      handleScroll: false,
      handleScale: false,
    });
    const line = chart.addSeries(LineSeries, {
      color: style.getPropertyValue("--brand").trim() || "#c8102e",
      lineWidth: 2,
      priceFormat: { type: "custom", formatter: (value: number) => `${((value - 1) * 100).toFixed(1)}%` },
    });
    const bySecond = new Map<number, number>();
    for (const point of curve) bySecond.set(Math.floor(point.atMs / 1000), point.value);
    line.setData(
      [...bySecond.entries()]
        .sort(([a], [b]) => a - b)
        .map(([time, value]) => ({ time: time as UTCTimestamp, value })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [curve]);
  return <div ref={container} className="growth-chart" data-testid="growth-chart" />;
}

/** Monthly returns as small bars: up in the rise colour, down in the fall colour. */
export function MonthlyBars({ monthly }: { monthly: { month: string; value: number }[] }) {
  const recent = monthly.slice(-12);
  const largest = Math.max(0.0001, ...recent.map((m) => Math.abs(m.value)));
  const width = 60;
  const height = 24;
  const bar = width / Math.max(recent.length, 1);
  return (
    <svg
      className="monthly-bars"
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-testid="monthly-bars"
    >
      <line x1="0" x2={width} y1={height / 2} y2={height / 2} className="monthly-bars__axis" />
      {recent.map((m, index) => {
        const size = (Math.abs(m.value) / largest) * (height / 2);
        return (
          <rect
            key={m.month}
            x={index * bar + 0.5}
            width={Math.max(bar - 1, 1)}
            y={m.value >= 0 ? height / 2 - size : height / 2}
            height={Math.max(size, 0.5)}
            className={m.value >= 0 ? "monthly-bars__up" : "monthly-bars__down"}
          />
        );
      })}
    </svg>
  );
}
