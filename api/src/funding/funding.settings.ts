import { z } from "zod";
import { amountsSetting, hoursSetting, settings } from "../kernel/settings.ts";

/** The spec's deposit and withdrawal hours, Tokyo time on TSE business days. */
const specFundHours = "09:30-19:30";

/** Deposits, withdrawals and exchange: its part of the API's settings (see kernel/settings.ts). */
export const fundingSettings = settings(
  {
    /**
     * When deposits and withdrawals are taken: "HH:MM-HH:MM" in Tokyo time on TSE business days
     * (the spec's 09:30–19:30), or "always". Unset, it is the spec's hours, except in an embedded
     * demo with MARKET_HOURS=always, where money moves at any hour as prices do.
     */
    FUND_HOURS: hoursSetting.optional(),
    /** Smallest withdrawal per currency in major units, "JPY:1000,USD:10"; unlisted currencies: 1. */
    WITHDRAW_MIN: amountsSetting.default("JPY:1000,USD:10"),
    /** How long an exchange quote holds, in seconds: long enough to read and confirm, short enough to track the market. */
    FX_QUOTE_SECONDS: z.coerce.number().int().min(5).max(120).default(15),
  },
  ({ FUND_HOURS, ...rest }, { embedded, alwaysOpen }) => ({
    ...rest,
    FUND_HOURS: FUND_HOURS ?? (embedded && alwaysOpen ? "always" : specFundHours),
  }),
);
