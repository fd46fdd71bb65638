import { z } from "zod";
import { amountsSetting, settings } from "../kernel/settings.ts";

/** Credit loans: its part of the API's settings (see kernel/settings.ts). */
export const loansSettings = settings({
  /**
   * Annual credit-loan rates per currency, percent: "JPY:2.8,USD:6". Yen at 2.8%, the rate Japan's
   * large online brokers charge on margin buying; dollars at 6%, about where US brokers' margin
   * loans sit above the policy rate. Both currencies must be listed.
   */
  LOAN_RATES: z
    .string()
    .regex(/^[A-Z]{3}:\d{1,2}(\.\d{1,4})?(,[A-Z]{3}:\d{1,2}(\.\d{1,4})?)*$/)
    .default("JPY:2.8,USD:6"),
  /** The smallest loan per currency in major units: a loan smaller than this is not worth a review. */
  LOAN_MIN: amountsSetting.default("JPY:10000,USD:100"),
});
