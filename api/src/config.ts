import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { originListSetting } from "@kabuto/shared/origin";
import { parseSettings } from "@kabuto/shared/settings";
import { z } from "zod";
import { authSettings } from "./auth/auth.settings.ts";
import { blockSettings } from "./block/block.settings.ts";
import { dividendsSettings } from "./dividends/dividends.settings.ts";
import { followSettings } from "./follow/follow.settings.ts";
import { fundingSettings } from "./funding/funding.settings.ts";
import { ipoSettings } from "./ipo/ipo.settings.ts";
import { booleanFlag, type Settings, type StartFacts } from "./kernel/settings.ts";
import { loansSettings } from "./loans/loans.settings.ts";
import { pushSettings } from "./push/push.settings.ts";
import { rewardsSettings } from "./rewards/rewards.settings.ts";
import { supportSettings } from "./support/support.settings.ts";
import { tradingSettings } from "./trading/trading.settings.ts";
import { uploadsSettings } from "./uploads/uploads.settings.ts";

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

/** The kernel's settings: the database, the market's hours, sessions, cookies and origins. */
const kernelShape = {
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** PostgreSQL in service mode; absent, the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default("./.data"),
  MARKET_HOURS: z.enum(["real", "always"]).default("real"),
  SEED_DEMO: booleanFlag.optional(),
  /**
   * Origins other than the API's own whose pages may send state-changing requests with a session
   * cookie (see shared/src/origin.ts); the gateway reads the same setting for its handshakes.
   */
  ALLOWED_ORIGINS: originListSetting,
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
  /**
   * Parse every declared endpoint's answer with its response schema before it goes out, and
   * answer 500 where one strays: for tests (the browser journeys turn it on), not for members.
   */
  CHECK_ANSWERS: booleanFlag.default(false),
};

/**
 * Every product's part of the settings, declared in its folder (`<product>.settings.ts`). A
 * product with settings adds one line here; the names stay flat (`FOLLOW_MIN`), as the
 * environment and the documentation know them.
 */
const productSettings = [
  authSettings,
  tradingSettings,
  uploadsSettings,
  fundingSettings,
  loansSettings,
  followSettings,
  rewardsSettings,
  dividendsSettings,
  supportSettings,
  blockSettings,
  ipoSettings,
  pushSettings,
] as const;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;
type ResolvedOf<S> = S extends Settings<infer _Shape, infer Resolved> ? Resolved : never;

type KernelConfig = z.infer<z.ZodObject<typeof kernelShape>> & {
  embedded: boolean;
  alwaysOpen: boolean;
  seedDemo: boolean;
  cookieSecure: boolean;
  /** DEVICE_COOKIE_SECRET, or embedded mode's random one; unset in service mode without it. */
  deviceCookieSecret: string | undefined;
};

export type Config = KernelConfig & Intersection<ResolvedOf<(typeof productSettings)[number]>>;

/**
 * The API's settings (the API and worker roles read them), parsed once at start; a bad value
 * stops the process with a clear message naming every wrong setting, the products' included.
 * Process settings (port, Redis, logging) belong to the composition package, the feed's to the
 * feed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const shape: z.ZodRawShape = Object.assign({}, kernelShape, ...productSettings.map((each) => each.shape));
  const values = parseSettings(z.object(shape), env) as z.infer<z.ZodObject<typeof kernelShape>>;
  const embedded = values.DATABASE_URL === undefined;
  const start: StartFacts = {
    embedded,
    alwaysOpen: values.MARKET_HOURS === "always",
    dataDir: values.DATA_DIR,
  };
  const kernel: KernelConfig = {
    ...values,
    embedded,
    alwaysOpen: start.alwaysOpen,
    seedDemo: values.SEED_DEMO ?? embedded,
    cookieSecure: values.COOKIE_SECURE ?? values.NODE_ENV === "production",
    deviceCookieSecret:
      values.DEVICE_COOKIE_SECRET ?? (embedded ? randomBytes(32).toString("base64url") : undefined),
  };
  const resolved = productSettings.map((each) =>
    // biome-ignore lint/suspicious/noExplicitAny: each product resolves the values its own shape parsed
    (each.resolve as (values: any, start: StartFacts) => object)(pick(values, each.shape), start),
  );
  return Object.assign(kernel, ...resolved) as Config;
}

/** The values of `shape`'s settings alone. */
function pick(values: object, shape: z.ZodRawShape): Record<string, unknown> {
  const all = values as Record<string, unknown>;
  return Object.fromEntries(Object.keys(shape).map((key) => [key, all[key]]));
}
