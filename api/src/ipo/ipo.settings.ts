import type { DemoMinutes } from "@kabuto/shared/ipo/rules";
import { z } from "zod";
import { settings } from "../kernel/settings.ts";

/**
 * The demo time scale's default, in minutes after the first start: book-building opens at 2 (the
 * crowd is still registering at start) and closes at 15, the price is set at 18 and the draw runs
 * at 20, winners pay until 35, the shares list at 40 and their lock-up ends at 55. Every phase
 * lasts long enough to look at and act in (subscribe, pay, watch it trade), and the whole life
 * fits the first hour.
 */
export const defaultDemoMinutes = "2,15,18,20,35,40,55";

/** "2,15,18,20,35,40,55": seven ascending minutes (0 to 1440), or "off". */
const demoMinutesSetting = z
  .string()
  .regex(
    /^(off|\d{1,4}(,\d{1,4}){6})$/,
    "off, or seven ascending minutes: open,close,price,draw,pay,list,lock-up",
  )
  .transform((value): DemoMinutes | null => {
    if (value === "off") return null;
    const [open = 0, close = 0, price = 0, draw = 0, paymentEnd = 0, listing = 0, lockUpEnd = 0] = value
      .split(",")
      .map(Number);
    return { open, close, price, draw, paymentEnd, listing, lockUpEnd };
  })
  .refine(
    (minutes) => {
      if (minutes === null) return true;
      const list = Object.values(minutes);
      return list.every((minute, i) => minute <= 1440 && (i === 0 || minute > (list[i - 1] ?? 0)));
    },
    { message: "the minutes must ascend, each at most 1440" },
  );

/** New shares: their part of the API's settings (see kernel/settings.ts). */
export const ipoSettings = settings(
  {
    /**
     * How many demo members, beyond the seven named applicants, ask for the crowded demo new shares
     * on an embedded first start (0 to 300). Each is registered, verified and funded through the
     * services, which costs about a tenth of a second of CPU apiece: 300 make the odds read like a
     * popular IPO's; fewer make a faster first start (the browser journeys that do not look at the
     * odds use none).
     */
    DEMO_IPO_CROWD: z.coerce.number().int().min(0).max(300).default(300),
    /**
     * The demo time scale: one more demo new share whose whole life runs within the first hour, its
     * steps at these minutes after the first start: book-building opens, closes, the price is set,
     * the draw runs, payment ends, it lists, its lock-up ends (`defaultDemoMinutes`). The demo
     * admin's steps are taken by the worker's demo operator, audited as that admin. Only with
     * MARKET_HOURS=always, where nothing waits for a trading day; unset, on in an embedded demo
     * with it, off otherwise; "off" turns it off.
     */
    DEMO_IPO_TIMELINE: demoMinutesSetting.optional(),
  },
  ({ DEMO_IPO_TIMELINE, ...rest }, { embedded, alwaysOpen }) => ({
    ...rest,
    DEMO_IPO_TIMELINE: alwaysOpen
      ? DEMO_IPO_TIMELINE === undefined
        ? embedded
          ? demoMinutesSetting.parse(defaultDemoMinutes)
          : null
        : DEMO_IPO_TIMELINE
      : null,
  }),
);
