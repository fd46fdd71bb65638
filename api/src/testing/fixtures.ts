import type { Bus } from "@kabuto/bus";
import type { Book, Quote } from "@kabuto/shared/protocol/market-data";
import type { MarketUpdate } from "@kabuto/shared/protocol/socket";
import type { Currency } from "@kabuto/shared/symbols";
import { eq } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { members } from "../db/schema.ts";
import { houseAccount, memberAccount, transfer } from "../ledger/journal.ts";
import { postJournal } from "../ledger/ledger.repo.ts";
import { bearerSignIn, call } from "./test-app.ts";

let nextNumber = 20_000_000;

/**
 * Registers a member through the API (invited by the demo member, or by whoever hands out
 * `inviteCode`) and returns its bearer header and id.
 */
export async function registerMember(url: string, database: Database, inviteCode = "KABUTO") {
  const account = `080${String(nextNumber++).padStart(8, "0")}`;
  const registered = await call(
    `${url}/auth/register`,
    "POST",
    {
      account,
      password: "secret123",
      passwordConfirm: "secret123",
      inviteCode,
      acceptTerms: true,
    },
    bearerSignIn,
  );
  if (registered.status !== 201) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  const [member] = await database.db.select().from(members).where(eq(members.account, account));
  return { auth: { authorization: `Bearer ${registered.body.token}` }, memberId: member?.id as string };
}

/** Money in, the way a deposit approval puts it in: a journal from the house clearing account. */
export async function fund(
  database: Database,
  memberId: string,
  currency: Currency,
  amount: bigint,
): Promise<void> {
  await database.db.transaction((tx) =>
    postJournal(
      tx,
      {
        kind: "deposit",
        memberId,
        ref: "test:deposit",
        memo: null,
        description: null,
        postings: transfer(
          houseAccount("clearing", currency),
          memberAccount(memberId, "available", currency),
          amount,
        ),
      },
      Date.now(),
    ),
  );
}

/**
 * A debt to the house, as a loss beyond the member's money leaves one: a journal from the member's
 * deficit account to the house clearing account.
 */
export async function owe(
  database: Database,
  memberId: string,
  currency: Currency,
  amount: bigint,
): Promise<void> {
  await database.db.transaction((tx) =>
    postJournal(
      tx,
      {
        kind: "close",
        memberId,
        ref: "test:loss",
        memo: null,
        description: null,
        postings: transfer(
          memberAccount(memberId, "deficit", currency),
          houseAccount("clearing", currency),
          amount,
        ),
      },
      Date.now(),
    ),
  );
}

let seq = 0;

/**
 * Toyota's book in the trading tests: bids 2650 / 2649.5, asks 2650.5 / 2651 / 2652 (an order of
 * more than 200 shares walks levels), daily limits 2150.5–3150.
 */
export function setToyotaLevels(bus: Bus): void {
  setMarket(
    bus,
    "JP:7203",
    [
      ["2650", 300],
      ["2649.5", 500],
    ],
    [
      ["2650.5", 200],
      ["2651", 400],
      ["2652", 1_000],
    ],
    { up: "3150", down: "2150.5" },
  );
}

/** Puts a book (and a quote around it) on the bus, as the feed would. */
export function setMarket(
  bus: Bus,
  symbol: string,
  bids: [string, number][],
  asks: [string, number][],
  limits: { up: string; down: string } | null = null,
): void {
  seq += 1;
  const book: Book = {
    symbol: symbol as Book["symbol"],
    bids: bids.map(([price, size]) => ({ price, size })),
    asks: asks.map(([price, size]) => ({ price, size })),
  };
  const last = bids[0]?.[0] ?? "1";
  const quote: Quote = flatQuote(symbol, last, { limitUp: limits?.up, limitDown: limits?.down });
  const updates: MarketUpdate[] = [
    { topic: `book:${symbol}`, epoch: "test", seq, ts: Date.now(), data: book },
    { topic: `quote:${symbol}`, epoch: "test", seq, ts: Date.now(), data: quote },
  ];
  bus.publish(updates);
}

/**
 * A quote that has stood at one price all day (open, high, low and the previous close alike), as
 * the tests and benches put it on the bus or in Redis: stamped now unless `tradeMs` says when.
 */
export function flatQuote(
  symbol: string,
  price: string,
  at: { tradeMs?: number; limitUp?: string | null | undefined; limitDown?: string | null | undefined } = {},
): Quote {
  return {
    symbol: symbol as Quote["symbol"],
    last: price,
    open: price,
    high: price,
    low: price,
    prevClose: price,
    change: "0",
    changePct: "0.00",
    volume: 0,
    turnover: 0,
    limitUp: at.limitUp ?? null,
    limitDown: at.limitDown ?? null,
    tradeMs: at.tradeMs ?? Date.now(),
  };
}
