import { z } from "zod";
import { settings } from "../kernel/settings.ts";

/** New shares: their part of the API's settings (see kernel/settings.ts). */
export const ipoSettings = settings({
  /**
   * How many demo members, beyond the seven named applicants, ask for the crowded demo new shares
   * on an embedded first start (0 to 300). Each is registered, verified and funded through the
   * services, which costs about a tenth of a second of CPU apiece: 300 make the odds read like a
   * popular IPO's; fewer make a faster first start (the browser journeys that do not look at the
   * odds use none).
   */
  DEMO_IPO_CROWD: z.coerce.number().int().min(0).max(300).default(300),
});
