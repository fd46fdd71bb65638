import { describe, expectTypeOf, it } from "vitest";
import type { Book, LiveCandle, Quote, SessionState } from "./market-data.ts";
import type {
  AccountEvent,
  AccountUpdate,
  BusUpdate,
  MarketUpdate,
  QuoteUpdate,
  SubscribeAck,
  Update,
  UpdateOf,
} from "./socket.ts";
import { isUpdateOf } from "./socket.ts";
import { quoteTopic } from "./topics.ts";

// Compile-time tests: `tsc -b` checks this file, and each `@ts-expect-error` fails the build if
// the misuse below it ever compiles. Vitest runs it too, where the checks cost nothing.

/** Misuse that must not compile; never called. */
function misuse(quote: Quote, book: Book, event: AccountEvent, update: Update, bus: BusUpdate): void {
  // @ts-expect-error a book is not a quote topic's data
  const wrongData: QuoteUpdate = { topic: "quote:JP:7203", epoch: "e", seq: 1, ts: 1, data: book };
  // @ts-expect-error a quote is no session's state, whatever union it hides in
  const wrongKind: MarketUpdate = { topic: "session:JP", epoch: "e", seq: 1, ts: 1, data: quote };
  // @ts-expect-error a topic of no known kind
  const unknownKind: MarketUpdate = { topic: "news:JP:7203", epoch: "e", seq: 1, ts: 1, data: quote };
  // @ts-expect-error clients never see a member's bus topic
  const busTopic: Update = { topic: "account:m1", epoch: "e", seq: 1, ts: 1, data: event };
  // @ts-expect-error a snapshot is market state, never an account event
  const accountSnapshot: SubscribeAck = { snapshots: [update], errors: [] };
  // @ts-expect-error the data of an update whose topic is unknown is not a quote
  const unread: Quote = update.data;
  // @ts-expect-error isUpdateOf takes the names of topics only
  isUpdateOf(bus, "quotes");
  return void [wrongData, wrongKind, unknownKind, busTopic, accountSnapshot, unread];
}

describe("the socket protocol's types", () => {
  it("give each topic kind its own data", () => {
    expectTypeOf<UpdateOf<"quote:JP:7203">["data"]>().toEqualTypeOf<Quote>();
    expectTypeOf<UpdateOf<"book:JP:7203">["data"]>().toEqualTypeOf<Book>();
    expectTypeOf<UpdateOf<"ptsquote:JP:7203">["data"]>().toEqualTypeOf<Quote>();
    expectTypeOf<UpdateOf<"ptsbook:JP:7203">["data"]>().toEqualTypeOf<Book>();
    expectTypeOf<UpdateOf<"candle:JP:7203:5m">["data"]>().toEqualTypeOf<LiveCandle>();
    expectTypeOf<UpdateOf<"session:US">["data"]>().toEqualTypeOf<SessionState>();
    expectTypeOf<UpdateOf<"account">>().toEqualTypeOf<AccountUpdate>();
    expectTypeOf<UpdateOf<"account:m1">["data"]>().toEqualTypeOf<AccountEvent>();
    expectTypeOf<UpdateOf<"news:JP:7203">>().toBeNever();
    expectTypeOf(misuse).toBeFunction();
  });

  it("narrow an update by its topic, without a cast", () => {
    const narrow = (update: Update): Quote | AccountEvent | undefined => {
      if (update.topic === "account") return update.data;
      return isUpdateOf(update, quoteTopic("JP:7203")) ? update.data : undefined;
    };
    expectTypeOf(narrow).returns.toEqualTypeOf<Quote | AccountEvent | undefined>();
  });
});
