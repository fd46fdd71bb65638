import { isIPv6 } from "node:net";

/**
 * How many attempts one key (an account, an address) may make. Every attempt is counted before
 * the secret it carries is checked, so however many arrive at once, at most `limit` are checked
 * before the key has to wait.
 */
export interface ThrottleRule {
  /** Attempts allowed before any wait. */
  limit: number;
  /** A key with no counted attempt for this long starts again from nothing. */
  windowMs: number;
  /**
   * Without: after `limit` attempts the key waits until `windowMs` after the last one.
   * With: after `limit` attempts each further one waits `firstMs`, doubling up to `maxMs`
   * (OWASP's exponential lockout): a slow-down an attacker cannot turn into a long lock.
   */
  backoff?: { firstMs: number; maxMs: number };
}

/** A counted attempt (`allowed`), or a refusal that counted nothing and says how long to wait. */
export type Take = { allowed: true; count: number } | { allowed: false; count: number; retryAfterMs: number };

/**
 * Where the counters live: Redis in service mode (every API process shares them), a map in
 * the one process of embedded mode. Each operation is atomic on its key.
 */
export interface ThrottleStore {
  /** Counts one attempt unless the key must wait: check and count are one step. */
  take(key: string, rule: ThrottleRule, nowMs: number): Promise<Take>;
  /** Returns an attempt that turned out not to be a failure. */
  giveBack(key: string, rule: ThrottleRule): Promise<void>;
  /** Forgets a key: its owner proved who they are. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One key's counter: attempts counted, when the last was, and until when the next must wait. */
export interface ThrottleState {
  count: number;
  lastMs: number;
  blockedUntilMs: number;
}

/**
 * The one definition of what `take` does, which both stores follow (the Redis store runs the
 * same steps in Lua): forget a quiet key, refuse while it must wait, otherwise count the attempt
 * and, from the limit on, make the next one wait.
 */
export function takeStep(
  state: ThrottleState | undefined,
  rule: ThrottleRule,
  nowMs: number,
): { take: Take; state: ThrottleState | undefined } {
  let count = state?.count ?? 0;
  let blockedUntilMs = state?.blockedUntilMs ?? 0;
  if (state && nowMs - state.lastMs >= rule.windowMs) {
    count = 0;
    blockedUntilMs = 0;
  }
  if (nowMs < blockedUntilMs) {
    return { take: { allowed: false, count, retryAfterMs: blockedUntilMs - nowMs }, state };
  }
  count += 1;
  blockedUntilMs = count >= rule.limit ? nowMs + waitAfter(rule, count) : 0;
  return { take: { allowed: true, count }, state: { count, lastMs: nowMs, blockedUntilMs } };
}

/** How long the attempt after the `count`th must wait (count ≥ limit). */
export function waitAfter(rule: ThrottleRule, count: number): number {
  if (!rule.backoff) return rule.windowMs;
  return Math.min(rule.backoff.maxMs, rule.backoff.firstMs * 2 ** (count - rule.limit));
}

/** `giveBack`: one attempt fewer, and no wait once below the limit. */
export function giveBackStep(state: ThrottleState, rule: ThrottleRule): ThrottleState {
  const count = Math.max(0, state.count - 1);
  return { ...state, count, blockedUntilMs: count < rule.limit ? 0 : state.blockedUntilMs };
}

/** Keys past this many make the in-process store drop the ones that have gone quiet. */
const memoryKeysBeforeSweep = 10_000;

/**
 * Embedded mode's store: a map in the one process that serves every request, so JavaScript's
 * single thread makes each step atomic with no I/O. Embedded mode cannot run a second API
 * process (PGlite holds its data folder), so nothing else needs to see these counters; they
 * start afresh when the process does, as a short window would forgive them anyway.
 */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly keys = new Map<string, ThrottleState & { windowMs: number }>();
  private sweepAt = memoryKeysBeforeSweep;

  async take(key: string, rule: ThrottleRule, nowMs: number): Promise<Take> {
    const { take, state } = takeStep(this.keys.get(key), rule, nowMs);
    if (state) this.keys.set(key, { ...state, windowMs: rule.windowMs });
    if (this.keys.size >= this.sweepAt) this.sweep(nowMs);
    return take;
  }

  async giveBack(key: string, rule: ThrottleRule): Promise<void> {
    const state = this.keys.get(key);
    if (state) this.keys.set(key, { ...giveBackStep(state, rule), windowMs: state.windowMs });
  }

  async clear(key: string): Promise<void> {
    this.keys.delete(key);
  }

  async close(): Promise<void> {
    this.keys.clear();
  }

  /** Drops quiet keys, so addresses and accounts sprayed once cannot grow the map without end. */
  private sweep(nowMs: number): void {
    for (const [key, state] of this.keys) {
      if (nowMs - state.lastMs >= state.windowMs && nowMs >= state.blockedUntilMs) this.keys.delete(key);
    }
    this.sweepAt = Math.max(memoryKeysBeforeSweep, this.keys.size * 2);
  }
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * Every throttle of the product. Sign-in's per-account rule slows guessing down rather than
 * locking the account: five tries, then a minute, doubling to half an hour; a correct password
 * (or an SMS code) clears it. The per-address rules are higher, since a mobile carrier puts many
 * members behind one address. The per-account rules count only untrusted attempts: a device that
 * signed in to the account before (its device token, kernel/devices.ts) has a budget of its own.
 */
export const throttleRules = {
  /** Member sign-in and the old-password check, per account. */
  signInAccount: { limit: 5, windowMs: day, backoff: { firstMs: minute, maxMs: 30 * minute } },
  /** Wrong member passwords from one address, whatever the account. */
  signInAddress: { limit: 30, windowMs: 15 * minute },
  /**
   * Member sign-in from a device that holds the account's device token: the owner's own five,
   * which no one else's guesses spend. Used up, the token gives no bypass for an hour after its
   * last try (its sign-ins then count as anyone's), and the account is not locked for others.
   */
  signInDevice: { limit: 5, windowMs: hour },
  /** Staff sign-in, per login: as members'. */
  staffAccount: { limit: 5, windowMs: day, backoff: { firstMs: minute, maxMs: 30 * minute } },
  /** Wrong staff passwords from one address, whatever the login. */
  staffAddress: { limit: 30, windowMs: 15 * minute },
  /** Staff sign-in from a browser that holds the login's device token: as members'. */
  staffDevice: { limit: 5, windowMs: hour },
  /** The six-digit fund password: a million values, so the wait grows faster and further. */
  fundPassword: { limit: 5, windowMs: day, backoff: { firstMs: 15 * minute, maxMs: 4 * hour } },
  /**
   * The six-digit trading PIN, per member: as the fund password, since it guards money too. A
   * device holding the member's device token guesses against its own budget first
   * (`tradingPinDevice`), so a thief of the session on another device cannot lock the owner out
   * of trading.
   */
  tradingPin: { limit: 5, windowMs: day, backoff: { firstMs: 15 * minute, maxMs: 4 * hour } },
  /** Trading PINs from a device holding the member's device token: as signInDevice. */
  tradingPinDevice: { limit: 5, windowMs: hour },
  /** SMS codes sent to one number in an hour, whoever asks: an upper bound on texts and on guesses. */
  smsSendAccount: { limit: 10, windowMs: hour },
  /** SMS codes one address asks for one number: one address cannot use up the number's allowance. */
  smsSendPair: { limit: 3, windowMs: hour },
  /** SMS codes one address asks for, whatever the number. */
  smsSendAddress: { limit: 10, windowMs: hour },
  /**
   * SMS codes a device holding the number's device token asks for, apart from the number's own
   * ten: however many codes others ask for, the owner's phone can still get one.
   */
  smsSendDevice: { limit: 3, windowMs: hour },
  /** Wrong SMS codes from one address, whatever the number. */
  smsLoginAddress: { limit: 30, windowMs: 15 * minute },
} as const satisfies Record<string, ThrottleRule>;

/** Registrations (successful or not) one address may attempt in this window. */
export const registrationWindowMs = hour;

/**
 * The address a throttle counts: an IPv4 address as it is, an IPv6 address by its /64, which
 * one subscriber usually holds whole (so rotating through it does not make new addresses).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...front, ...Array(8 - front.length - back.length).fill("0"), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** One key an attempt counts against, and what a success does to it. */
export interface ThrottleClaim {
  key: string;
  rule: ThrottleRule;
  /** `clear`: the success proves the owner (an account); `give-back`: it was not a failure (an address); `keep`: every attempt counts. */
  onSuccess: "clear" | "give-back" | "keep";
}

/** Attempts counted under every claim; say how the check went so successes are handed back. */
export interface Reservation {
  /** The smallest attempts-left of the claims, counting this one as spent. */
  attemptsLeft: number;
  succeeded(): Promise<void>;
}

/**
 * Counts one attempt under each claim in turn, before the caller checks anything. If a claim
 * refuses, the attempts already counted for this request are handed back and `refused` gets
 * the wait; the caller throws its own error code.
 */
export async function reserve(
  store: ThrottleStore,
  claims: readonly ThrottleClaim[],
  nowMs: number,
): Promise<Reservation | { refusedForMs: number }> {
  const taken: ThrottleClaim[] = [];
  let attemptsLeft = Number.POSITIVE_INFINITY;
  for (const claim of claims) {
    const take = await store.take(claim.key, claim.rule, nowMs);
    if (!take.allowed) {
      await Promise.all(taken.map((done) => store.giveBack(done.key, done.rule)));
      return { refusedForMs: take.retryAfterMs };
    }
    taken.push(claim);
    attemptsLeft = Math.min(attemptsLeft, Math.max(0, claim.rule.limit - take.count));
  }
  return {
    attemptsLeft,
    async succeeded() {
      await Promise.all(
        taken.map((claim) => {
          if (claim.onSuccess === "clear") return store.clear(claim.key);
          if (claim.onSuccess === "give-back") return store.giveBack(claim.key, claim.rule);
          return undefined;
        }),
      );
    },
  };
}

/**
 * Counts an attempt against a trusted device's own claims when the request has some (it holds
 * the account's device token) and they still allow it; otherwise against the untrusted claims,
 * as a stranger's attempt. A device that used up its own budget is thus only as limited as
 * anyone else, and never spends the account's untrusted budget while it has its own.
 */
export async function reserveTrusted(
  store: ThrottleStore,
  claims: { trusted: readonly ThrottleClaim[] | undefined; untrusted: readonly ThrottleClaim[] },
  nowMs: number,
): Promise<Reservation | { refusedForMs: number }> {
  if (!claims.trusted) return reserve(store, claims.untrusted, nowMs);
  const own = await reserve(store, claims.trusted, nowMs);
  if (!("refusedForMs" in own)) return own;
  const fallback = await reserve(store, claims.untrusted, nowMs);
  return "refusedForMs" in fallback
    ? { refusedForMs: Math.min(own.refusedForMs, fallback.refusedForMs) }
    : fallback;
}
