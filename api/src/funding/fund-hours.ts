import { type DeskHours, parseDeskHours } from "@kabuto/shared/market/desk-hours";

/**
 * When deposits and withdrawals are taken (FUND_HOURS): Tokyo hours on TSE business days (the
 * spec's weekdays 09:30–19:30, closed on holidays), or at any time.
 */
export type FundHours = DeskHours;

/** Parses FUND_HOURS ("09:30-19:30" or "always"); a window that ends before it starts throws. */
export function parseFundHours(text: string): FundHours {
  return parseDeskHours(text, "FUND_HOURS");
}
