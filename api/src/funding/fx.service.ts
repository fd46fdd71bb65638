import type { Bus } from "@kabuto/bus";
import type { FxConversion, FxQuote } from "@kabuto/shared/api/funding";
import { fxQuoteRequestSchema } from "@kabuto/shared/api/funding";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import { decimalToMinor } from "@kabuto/shared/money";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import type { Currency } from "@kabuto/shared/symbols";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { memberFlags } from "../kernel/members.repo.ts";
import { lockAvailableIn, postJournal } from "../ledger/ledger.repo.ts";
import { validate } from "../validate.ts";
import { fxConversionJournal } from "./funding-drafts.ts";
import { insertQuote, lockQuote, markQuoteUsed, quotesSince } from "./fx.repo.ts";
import {
  checkPair,
  conversionRate,
  convertMinor,
  formatRate,
  legsOf,
  smallestConvertible,
  type UsdPairPrice,
} from "./fx-rate.ts";
import { computeWithdrawable } from "./withdrawable.ts";

/**
 * Quotes a member may ask for per minute. Every quote is a row; a screen refreshes its quote
 * every few seconds at most, so thirty a minute leaves room and stops a script filling the table.
 */
const quotesPerMinuteMax = 30;

export interface FxDeps {
  db: Db;
  bus: Bus;
  catalog: InstrumentCatalog;
  now: () => number;
  events: AccountEvents;
  quoteSeconds: number;
  /** Withdrawal minimums: the withdrawable figure carries them, the exchange ignores them. */
  minimums: ReadonlyMap<Currency, bigint>;
  /** Days reward cash stays out of what may leave a currency. */
  rewardHoldDays: number;
}

/**
 * Currency exchange at the feed's rates: a quote holds for a few seconds, and converting it is
 * one journal through the house FX account. No fee (spec).
 */
export class FxService {
  private readonly deps: FxDeps;
  /** The feed's USD pair and spread for each currency it quotes against the dollar. */
  private readonly pairs: Map<Currency, { symbol: string; spreadBps: number }>;

  constructor(deps: FxDeps) {
    this.deps = deps;
    this.pairs = new Map();
    for (const pair of deps.catalog.fx) {
      if (pair.base === "USD") {
        this.pairs.set(pair.quote as Currency, { symbol: pair.symbol, spreadBps: pair.spreadBps });
      }
    }
  }

  async quote(memberId: string, input: unknown): Promise<FxQuote> {
    const { db, now } = this.deps;
    const request = validate(fxQuoteRequestSchema, input);
    const { from, to } = request;
    const pair = checkPair(from, to);
    if (pair !== "ok") throw new AppError(pair);
    const fromMinor = decimalToMinor(request.amount, from);
    if (fromMinor === undefined || fromMinor <= 0n) throw new AppError("AMOUNT_INVALID");
    const rate = conversionRate(from, to, await this.prices(legsOf(from, to)));
    if (!rate) throw new AppError("PRICE_UNAVAILABLE");
    const toMinor = convertMinor(fromMinor, rate, from, to);
    if (toMinor <= 0n) {
      throw new AppError("AMOUNT_BELOW_MINIMUM", {
        minimum: smallestConvertible(rate, from, to).toString(),
        currency: from,
      });
    }
    const nowMs = now();
    if ((await quotesSince(db, memberId, nowMs - 60_000)) >= quotesPerMinuteMax)
      throw new AppError("RATE_LIMITED", { retryAfterMs: 60_000 });
    return insertQuote(db, {
      memberId,
      from,
      to,
      fromMinor,
      toMinor,
      rate: formatRate(rate),
      nowMs,
      expiresAtMs: nowMs + this.deps.quoteSeconds * 1_000,
    });
  }

  /** Converts at a quote: the member's own, unexpired and unused, with the money available. */
  async convert(memberId: string, quoteId: string, claim?: Claim): Promise<Keyed<FxConversion>> {
    const { db, now } = this.deps;
    const nowMs = now();
    return transactThenEmit(db, this.deps.events, async (tx) => {
      const keyed = await underClaim(tx, memberId, claim, nowMs, async () => {
        if ((await memberFlags(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const locked = await lockQuote(tx, quoteId, memberId);
        if (!locked || locked.journalId !== null) throw new AppError("FX_QUOTE_NOT_FOUND");
        const { quote } = locked;
        if (quote.expiresAtMs <= nowMs) throw new AppError("FX_QUOTE_EXPIRED");
        const fromMinor = BigInt(quote.fromAmount);
        const balances = await lockAvailableIn(tx, memberId, [quote.from, quote.to]);
        const available = balances.get(quote.from) ?? 0n;
        if (available < fromMinor) {
          throw new AppError("INSUFFICIENT_BALANCE", {
            required: quote.fromAmount,
            available: available.toString(),
            currency: quote.from,
          });
        }
        // Cash that losses, loans or debt in this currency will be paid from may not leave it
        // by exchange either, or an exchange followed by a withdrawal would take it out.
        const [limit] = await computeWithdrawable(
          tx,
          this.deps,
          memberId,
          new Map([[quote.from, available]]),
        );
        if (!limit || BigInt(limit.withdrawable) < fromMinor) {
          throw new AppError("INSUFFICIENT_WITHDRAWABLE", { ...limit, required: quote.fromAmount });
        }
        const journalId = await postJournal(tx, fxConversionJournal(memberId, quote), nowMs);
        await markQuoteUsed(tx, quoteId, journalId);
        return { quote, journalId: String(journalId) };
      });
      const events: AccountEvent[] = keyed.replayed
        ? []
        : [
            { type: "balance", id: keyed.value.quote.from },
            { type: "balance", id: keyed.value.quote.to },
          ];
      return { value: keyed, events: events.map((event) => ({ memberId, event })) };
    });
  }

  private async prices(currencies: Currency[]): Promise<Map<Currency, UsdPairPrice>> {
    const wanted = currencies.flatMap((currency) => {
      const pair = this.pairs.get(currency);
      return pair ? [{ currency, ...pair }] : [];
    });
    const updates = await this.deps.bus.snapshots(wanted.map((pair) => quoteTopic(pair.symbol)));
    const lasts = new Map(
      updates.map((update) => [(update.data as Quote).symbol as string, (update.data as Quote).last]),
    );
    const prices = new Map<Currency, UsdPairPrice>();
    for (const pair of wanted) {
      const mid = lasts.get(pair.symbol);
      if (mid && /^\d+(\.\d+)?$/.test(mid)) prices.set(pair.currency, { mid, spreadBps: pair.spreadBps });
    }
    return prices;
  }
}
