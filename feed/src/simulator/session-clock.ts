import { TZDate } from "@date-fns/tz";
import { ptsSessionAt } from "@kabuto/shared/market/pts";
import { sessionAt, sessionWindows } from "@kabuto/shared/market/sessions";
import type { PtsHours } from "@kabuto/shared/market/venues";
import type { PtsSessionState, SessionPhase } from "@kabuto/shared/protocol/market-data";
import type { Market } from "@kabuto/shared/symbols";

export interface PhaseNow {
  phase: SessionPhase;
  tradingDate: string;
  /** How far through the day's regular session, 0 to 1 (drives the volume profile). */
  fraction: number;
}

export interface SessionClock {
  equity(market: Market, nowMs: number): PhaseNow;
  fx(nowMs: number): PhaseNow;
  /** The PTS's phase for Tokyo's names, and the business day its trades count for. */
  pts(nowMs: number): PtsSessionState;
}

/**
 * Sessions from the real calendars, or every session open around the clock
 * (`MARKET_HOURS=always`) for demos and load tests. The PTS keeps `ptsHours`
 * (`PTS_DAY_HOURS`, `PTS_NIGHT_HOURS`; J-Market's by default).
 */
export function createSessionClock(options: { alwaysOpen: boolean; ptsHours?: PtsHours }): SessionClock {
  const regularCache = new Map<string, { startMs: number; endMs: number }[]>();
  let ptsCache: { fromMs: number; state: PtsSessionState } | undefined;
  function regularWindows(market: Market, date: string) {
    const key = `${market}/${date}`;
    let windows = regularCache.get(key);
    if (!windows) {
      windows = sessionWindows(market, date).filter((window) => window.phase === "regular");
      regularCache.set(key, windows);
      if (regularCache.size > 64) {
        const oldest = regularCache.keys().next();
        if (!oldest.done) regularCache.delete(oldest.value);
      }
    }
    return windows;
  }
  function fraction(market: Market, date: string, nowMs: number): number {
    const windows = regularWindows(market, date);
    let total = 0;
    let elapsed = 0;
    for (const window of windows) {
      total += window.endMs - window.startMs;
      elapsed += Math.min(Math.max(nowMs - window.startMs, 0), window.endMs - window.startMs);
    }
    return total === 0 ? 0.5 : elapsed / total;
  }
  return {
    equity(market, nowMs) {
      const state = sessionAt(market, nowMs, { alwaysOpen: options.alwaysOpen });
      if (options.alwaysOpen) {
        // Around the clock, the profile repeats every day at the exchange's local hours.
        const local = new TZDate(nowMs, market === "JP" ? "Asia/Tokyo" : "America/New_York");
        const dayFraction = (local.getHours() * 60 + local.getMinutes()) / 1440;
        return { phase: state.phase, tradingDate: state.tradingDate, fraction: dayFraction };
      }
      return {
        phase: state.phase,
        tradingDate: state.tradingDate,
        fraction: fraction(market, state.tradingDate, nowMs),
      };
    },
    fx(nowMs) {
      // The FX day rolls at 17:00 New York time; the market is shut from Friday's roll to Sunday's.
      const shifted = new TZDate(nowMs + 7 * 3_600_000, "America/New_York");
      const weekday = shifted.getDay();
      const tradingDate = isoDate(shifted);
      const open = options.alwaysOpen || (weekday >= 1 && weekday <= 5);
      return { phase: open ? "regular" : "closed", tradingDate, fraction: 0.5 };
    },
    pts(nowMs) {
      // Asked every step: reuse the phase until it changes, as reading the calendar is not free.
      const cached = ptsCache;
      if (cached?.state.nextChangeMs && cached.fromMs <= nowMs && nowMs < cached.state.nextChangeMs) {
        return cached.state;
      }
      const state = ptsSessionAt(nowMs, { alwaysOpen: options.alwaysOpen, hours: options.ptsHours });
      ptsCache = { fromMs: nowMs, state };
      return state;
    },
  };
}

function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}
