import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { originListSetting } from "@kabuto/shared/origin";
import { parseSettings } from "@kabuto/shared/settings";
import { z } from "zod";

const booleanFlag = z
  .enum(["0", "1", "true", "false"])
  .transform((value) => value === "1" || value === "true");

/** "1,2,3": whole leverages from 1 to 10. */
const leverageList = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((value) => [...new Set(value.split(",").map(Number))].sort((a, b) => a - b))
  .refine((list) => list.every((leverage) => leverage >= 1 && leverage <= 10), "leverages are 1 to 10");
/** Parts per million of notional: 1,000 is 0.1%. */
const ppm = z.coerce.number().int().min(0).max(100_000);

/** Address ranges Express knows by name. */
const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may say, in X-Forwarded-For, whose request they pass on (Express's `trust
 * proxy`): nobody (unset, "none"), a number of proxy hops in front of the API, or the proxies'
 * addresses and ranges ("10.0.0.5,192.168.1.0/24", "loopback"). Everything throttled per address
 * uses the address this yields, so trusting every peer ("true") is refused: anyone could then
 * pick their own address with a header.
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, context): false | number | string[] => {
    const value = (raw ?? "").trim().toLowerCase();
    if (value === "" || value === "none" || value === "false") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops === 0 ? false : hops;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every((entry) => entry !== "" && isAddressOrRange(entry))) return entries;
    context.addIssue({
      code: "custom",
      message:
        "none, a number of proxy hops (1-10), or proxy addresses and ranges (10.0.0.5, 10.0.0.0/8, loopback); never every peer",
    });
    return z.NEVER;
  });

/** The spec's deposit and withdrawal hours, Tokyo time on TSE business days. */
const specFundHours = "09:30-19:30";

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** PostgreSQL in service mode; absent, the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default("./.data"),
  MARKET_HOURS: z.enum(["real", "always"]).default("real"),
  SEED_DEMO: booleanFlag.optional(),
  /** Registration needs an existing member's invitation code unless this is turned off. */
  INVITE_REQUIRED: booleanFlag.default(true),
  /**
   * Origins other than the API's own whose pages may send state-changing requests with a session
   * cookie (see shared/src/origin.ts); the gateway reads the same setting for its handshakes.
   */
  ALLOWED_ORIGINS: originListSetting,
  /**
   * Registrations (successful or not) one address may attempt per hour: the answer says whether
   * a number is already a member, so trying numbers must stay slow.
   */
  REGISTRATIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Who may set X-Forwarded-For (see trustProxySetting); default: nobody. */
  TRUST_PROXY: trustProxySetting,
  /**
   * The key that signs device tokens (kernel/devices.ts): at least 32 characters, the same on
   * every API process, and kept secret, since whoever holds it can mint a trusted device for any
   * account. Required in service mode; embedded mode makes a random one at each start (its
   * devices are then trusted again after their next sign-in). Changing it untrusts every device.
   */
  DEVICE_COOKIE_SECRET: z.string().min(32).optional(),
  /** Cookies get the Secure flag; on by default in production, where TLS ends at the load balancer. */
  COOKIE_SECURE: booleanFlag.optional(),
  /**
   * How long an API process trusts a session it looked up, for reads only: a sign-out, a
   * disabled member or changed flags are announced on the bus and forgotten by every process,
   * and every request that changes something reads its session as stored (see
   * http/session-middleware.ts).
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
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
  /** Where uploaded images are kept (default: DATA_DIR/uploads); nothing serves this folder directly. */
  UPLOAD_DIR: z.string().optional(),
  /**
   * When deposits and withdrawals are taken: "HH:MM-HH:MM" in Tokyo time on TSE business days
   * (the spec's 09:30–19:30), or "always". Unset, it is the spec's hours, except in an embedded
   * demo with MARKET_HOURS=always, where money moves at any hour as prices do.
   */
  FUND_HOURS: z
    .string()
    .regex(/^(always|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d)$/)
    .optional(),
  /** The spec gates trading on real-name verification; an operator may turn that off. */
  KYC_REQUIRED_FOR_TRADING: booleanFlag.default(true),
  /**
   * Parse every declared endpoint's answer with its response schema before it goes out, and
   * answer 500 where one strays: for tests (the browser journeys turn it on), not for members.
   */
  CHECK_ANSWERS: booleanFlag.default(false),
  /** Smallest withdrawal per currency in major units, "JPY:1000,USD:10"; unlisted currencies: 1. */
  WITHDRAW_MIN: z
    .string()
    .regex(/^[A-Z]{3}:\d+(\.\d+)?(,[A-Z]{3}:\d+(\.\d+)?)*$/)
    .default("JPY:1000,USD:10"),
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
  LOAN_MIN: z
    .string()
    .regex(/^[A-Z]{3}:\d+(\.\d+)?(,[A-Z]{3}:\d+(\.\d+)?)*$/)
    .default("JPY:10000,USD:100"),
  /**
   * Follow trading: the smallest and largest copy of one lead per currency, major units
   * ("JPY:30000,USD:200" and "JPY:300000000,USD:2000000": eToro's $200 and $2,000,000, with yen
   * near their equivalent, rounded), the follow periods members choose from (days), the lead's
   * profit share above the high-water mark (percent), and the closed trades a member needs
   * before applying to lead.
   */
  FOLLOW_MIN: z
    .string()
    .regex(/^[A-Z]{3}:\d+(,[A-Z]{3}:\d+)*$/)
    .default("JPY:30000,USD:200"),
  FOLLOW_MAX: z
    .string()
    .regex(/^[A-Z]{3}:\d+(,[A-Z]{3}:\d+)*$/)
    .default("JPY:300000000,USD:2000000"),
  FOLLOW_PERIODS: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/)
    .default("7,30,90"),
  FOLLOW_PROFIT_SHARE_PCT: z.coerce.number().int().min(0).max(50).default(10),
  LEAD_MIN_TRADES: z.coerce.number().int().min(0).max(1_000).default(3),
  /**
   * Daily check-in: "points,bonus,pointsPerYen,minimum,expiryDays" — 10 points a day, 40 more on
   * every 7th day in a row, 10 points to the yen, at least 1,000 points (¥100) per conversion,
   * points last 730 days (moomoo's two years).
   */
  CHECKIN_TERMS: z
    .string()
    .regex(/^\d{1,4},\d{1,4},\d{1,4},\d{1,6},\d{1,4}$/)
    .default("10,40,10,1000,730"),
  /**
   * The most reward cash one member receives in a Tokyo calendar year, yen. Check-in points need
   * no purchase and the invitation reward pays for someone else's account, so neither is a gift
   * tied to a transaction under 景品表示法 (20% of it, ¥200 below ¥1,000); the cap keeps each
   * member's giveaways modest and far under the law's ¥100,000 ceiling for a single prize.
   */
  REWARD_YEAR_MAX_JPY: z.coerce.number().int().min(0).max(100_000).default(10_000),
  /** Days reward cash stays out of what may be withdrawn (Robinhood holds promotions' cash 30 days). */
  REWARD_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /**
   * Tax withheld from dividends a long position receives, parts per million: Japan 153,150
   * (15.315%: 15% income tax and the 2.1% reconstruction surtax on it), the US 100,000 (10%, the
   * Japan–US treaty rate). A short pays the full dividend.
   */
  DIVIDEND_WITHHOLDING_PPM_JP: z.coerce.number().int().min(0).max(1_000_000).default(153_150),
  DIVIDEND_WITHHOLDING_PPM_US: z.coerce.number().int().min(0).max(1_000_000).default(100_000),
  /**
   * Yen an inviter receives once an invited member is verified and has made a first deposit (the
   * spec's "share 200 yen"), once per invitee, within REWARD_YEAR_MAX_JPY.
   */
  INVITE_REWARD_JPY: z.coerce.number().int().min(0).max(10_000).default(200),
  /**
   * When staff answer online support: "HH:MM-HH:MM" in Tokyo time on TSE business days (the
   * exchange's holidays are the house's), or "always". Out of hours members can still write and
   * are told when someone will answer. Unset: 09:00-18:00, or always in an embedded demo with
   * MARKET_HOURS=always.
   */
  SUPPORT_HOURS: z
    .string()
    .regex(/^(always|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d)$/)
    .optional(),
  /** Support messages per member: "messages/seconds,conversations/seconds" (20 in ten minutes, 5 new an hour). */
  SUPPORT_RATE: z
    .string()
    .regex(/^\d{1,4}\/\d{1,6},\d{1,4}\/\d{1,6}$/)
    .default("20/600,5/3600"),
  /**
   * When the block-trade desk takes applications: "HH:MM-HH:MM" in Tokyo time on TSE business
   * days (the spec's weekdays 09:30–19:30, holidays closed), or "always". Unset: the spec's hours,
   * or always in an embedded demo with MARKET_HOURS=always.
   */
  BLOCK_HOURS: z
    .string()
    .regex(/^(always|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d)$/)
    .optional(),
  /**
   * The most one member's block-trade applications may hold in a Tokyo day, per currency, major
   * units: "JPY:50000000,USD:300000" (the spec's "daily purchase limit").
   */
  BLOCK_DAILY_LIMIT: z
    .string()
    .regex(/^(JPY|USD):\d+(\.\d+)?(,(JPY|USD):\d+(\.\d+)?)*$/)
    .default("JPY:50000000,USD:300000"),
  /** How long an exchange quote holds, in seconds: long enough to read and confirm, short enough to track the market. */
  FX_QUOTE_SECONDS: z.coerce.number().int().min(5).max(120).default(15),
});

/** Support answers on business days 09:00–18:00 Tokyo time, as Japan's online brokers' desks do. */
const defaultSupportHours = "09:00-18:00";

export type Config = Omit<z.infer<typeof configSchema>, "FUND_HOURS" | "SUPPORT_HOURS" | "BLOCK_HOURS"> & {
  FUND_HOURS: string;
  BLOCK_HOURS: string;
  SUPPORT_HOURS: string;
  embedded: boolean;
  alwaysOpen: boolean;
  seedDemo: boolean;
  cookieSecure: boolean;
  uploadDir: string;
  /** DEVICE_COOKIE_SECRET, or embedded mode's random one; unset in service mode without it. */
  deviceCookieSecret: string | undefined;
};

/**
 * The API's settings (the API and worker roles read them), parsed once at start; a bad value
 * stops the process with a clear message. Process settings (port, Redis, logging) belong to
 * the composition package, the feed's to the feed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = parseSettings(configSchema, env);
  const embedded = values.DATABASE_URL === undefined;
  return {
    ...values,
    embedded,
    alwaysOpen: values.MARKET_HOURS === "always",
    FUND_HOURS:
      values.FUND_HOURS ?? (embedded && values.MARKET_HOURS === "always" ? "always" : specFundHours),
    BLOCK_HOURS:
      values.BLOCK_HOURS ?? (embedded && values.MARKET_HOURS === "always" ? "always" : specFundHours),
    SUPPORT_HOURS:
      values.SUPPORT_HOURS ?? (embedded && values.MARKET_HOURS === "always" ? "always" : defaultSupportHours),
    seedDemo: values.SEED_DEMO ?? embedded,
    cookieSecure: values.COOKIE_SECURE ?? values.NODE_ENV === "production",
    deviceCookieSecret:
      values.DEVICE_COOKIE_SECRET ?? (embedded ? randomBytes(32).toString("base64url") : undefined),
    uploadDir: values.UPLOAD_DIR ?? path.join(values.DATA_DIR, "uploads"),
  };
}
