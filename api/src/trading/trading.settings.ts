import { defaultPtsHours, parseWallHours, type WallTime } from "@kabuto/shared/market/venues";
import { z } from "zod";
import { booleanFlag, leverageList, ppm, settings } from "../kernel/settings.ts";

/** A wall time as a setting writes it: `08:20`. */
function wallText([hours, minutes]: WallTime): string {
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** A session's Tokyo hours, `HH:MM-HH:MM` (`parseWallHours`), ending after they start. */
function wallHours(fallback: { from: WallTime; to: WallTime }) {
  return z
    .string()
    .default(`${wallText(fallback.from)}-${wallText(fallback.to)}`)
    .transform((text, context) => {
      const hours = parseWallHours(text.trim());
      if (hours) return hours;
      context.addIssue({ code: "custom", message: "HH:MM-HH:MM in Tokyo time, ending after it starts" });
      return z.NEVER;
    });
}

/** Trading terms, day trades' included (the trading service decides them): its part of the API's settings (see kernel/settings.ts). */
export const tradingSettings = settings({
  /** Trading terms per market (see shared/src/trading/terms.ts for the defaults and why). */
  LEVERAGE_JP: leverageList.default([1, 2, 3]),
  LEVERAGE_US: leverageList.default([1, 2, 3, 4]),
  FEE_PPM_JP: ppm.default(1_000),
  FEE_PPM_US: ppm.default(4_500),
  TAX_PPM_JP: ppm.default(0),
  TAX_PPM_US: ppm.default(28),
  MAINTENANCE_PCT: z.coerce.number().int().min(1).max(100).default(50),
  /**
   * Day trading (see shared/src/trading/day-trade.ts): the initial margin in percent of the
   * notional (30: Japan's 30% rule, 3.3×; 25: the US 4× intraday), the commission each way
   * (none, as the leading brokers charge), and the minutes before the session's close at which
   * the worker closes every day trade still open (fractions allowed: a test's short cut-off).
   */
  DAY_TRADE_MARGIN_PCT_JP: z.coerce.number().int().min(10).max(100).default(30),
  DAY_TRADE_MARGIN_PCT_US: z.coerce.number().int().min(10).max(100).default(25),
  DAY_TRADE_FEE_PPM_JP: ppm.default(0),
  DAY_TRADE_FEE_PPM_US: ppm.default(0),
  DAY_TRADE_CUTOFF_MINUTES: z.coerce.number().min(0).max(1_440).default(5),
  /**
   * Group commit of market orders (see order-batch.ts): the milliseconds a batch waits for more
   * after its first order, and the most orders in one batch; 1 writes each order alone. Under
   * load a batch fills before its window ends; a lone order waits the window out.
   */
  ORDER_BATCH_MS: z.coerce.number().min(0).max(50).default(2),
  ORDER_BATCH_MAX: z.coerce.number().int().min(1).max(256).default(32),
  /**
   * The PTS's day and night sessions in Tokyo time on the TSE's business days (J-Market's
   * 08:20-16:00 and 16:30-23:59 by default; see shared/src/market/pts.ts): a PTS order is taken,
   * filled and lapsed by them.
   */
  PTS_DAY_HOURS: wallHours(defaultPtsHours.day),
  PTS_NIGHT_HOURS: wallHours(defaultPtsHours.night),
  /** The spec gates trading on real-name verification; an operator may turn that off. */
  KYC_REQUIRED_FOR_TRADING: booleanFlag.default(true),
});
