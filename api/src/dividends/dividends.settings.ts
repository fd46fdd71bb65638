import { z } from "zod";
import { settings } from "../kernel/settings.ts";

/** Dividends: its part of the API's settings (see kernel/settings.ts). */
export const dividendsSettings = settings({
  /**
   * Tax withheld from dividends a long position receives, parts per million: Japan 153,150
   * (15.315%: 15% income tax and the 2.1% reconstruction surtax on it), the US 100,000 (10%, the
   * Japan–US treaty rate). A short pays the full dividend.
   */
  DIVIDEND_WITHHOLDING_PPM_JP: z.coerce.number().int().min(0).max(1_000_000).default(153_150),
  DIVIDEND_WITHHOLDING_PPM_US: z.coerce.number().int().min(0).max(1_000_000).default(100_000),
});
