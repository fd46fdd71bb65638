import { isTradingDay, marketDate, nextTradingDay } from "../market/calendar.ts";
import { type SessionOptions, sessionWindows } from "../market/sessions.ts";

// The TSE's opening and closing auctions in time: apart from the execution conditions' rules
// (`conditions.ts`), which the app's every screen loads with the order schema, because these
// read the market calendar, whose holiday table a phone should load only with the screens that
// need it.

/**
 * How long past its date's close a 不成 order waits for the feed's closing cross before it takes
 * the closing book instead: the cross prints in the feed's first step after the close, and a
 * worker pass a moment earlier must not fill at the book a cross is about to replace.
 */
export const closingCrossWaitMs = 60_000;

/**
 * Whether a 不成 order valid for `validDate` still waits at `nowMs` for that date's closing cross:
 * within `closingCrossWaitMs` of the TSE's close. Never around the clock, where no cross prints.
 */
export function awaitsClosingCross(validDate: string, nowMs: number, options: SessionOptions = {}): boolean {
  if (options.alwaysOpen) return false;
  const regular = sessionWindows("JP", validDate).filter((window) => window.phase === "regular");
  const closeMs = regular[regular.length - 1]?.endMs;
  return closeMs !== undefined && nowMs < closeMs + closingCrossWaitMs;
}

/**
 * The trading date of the next TSE auction of this kind at `nowMs`: today's opening cross until
 * 9:00 (then the next trading day's); today's closing cross until 15:30. The lunch break's edges
 * are not auctions here.
 */
export function nextAuctionDate(kind: "open" | "close", nowMs: number): string {
  const today = marketDate("JP", nowMs);
  const regular = isTradingDay("JP", today)
    ? sessionWindows("JP", today).filter((window) => window.phase === "regular")
    : [];
  const atMs = kind === "open" ? regular[0]?.startMs : regular[regular.length - 1]?.endMs;
  return atMs !== undefined && nowMs < atMs ? today : nextTradingDay("JP", today);
}
