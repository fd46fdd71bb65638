import { z } from "zod";
import { currencySchema } from "../symbols.ts";

/**
 * A journal's description as a code and its parameters, which the member's fund records render
 * in the member's language. The server writes one with every journal it makes itself; a memo
 * staff write (an adjustment's or a rejection's reason) is their own words and stays text, as
 * do journals written before descriptions had codes.
 */
const side = z.enum(["long", "short"]);
/** A price or rate as the ledger wrote it: a plain decimal, never formatted for a language. */
const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const count = z.number().int().positive();

export const journalMemoSchema = z.discriminatedUnion("code", [
  /** A position opened: `long 100 JP:9432 @ 151.8 ×3`. */
  z.object({
    code: z.literal("position_open"),
    params: z.object({ side, quantity: count, symbol: z.string(), price: decimal, leverage: count }),
  }),
  /** A position closed, by the member or by a margin call, at its fill's average price. */
  z.object({
    code: z.literal("position_close"),
    params: z.object({ side, quantity: count, symbol: z.string(), price: decimal }),
  }),
  /** A day-trade position opened, at its leverage to a tenth (`3.3`). */
  z.object({
    code: z.literal("day_trade_open"),
    params: z.object({ side, quantity: count, symbol: z.string(), price: decimal, leverage: decimal }),
  }),
  /** A day-trade position the house closed at the day's cut-off, before the session ended. */
  z.object({
    code: z.literal("day_trade_cutoff"),
    params: z.object({ side, quantity: count, symbol: z.string(), price: decimal }),
  }),
  /** The commission on opening a position. */
  z.object({ code: z.literal("purchase_fee"), params: z.object({}) }),
  /** The commission on closing a position. */
  z.object({ code: z.literal("selling_fee"), params: z.object({}) }),
  /** The tax on the sale (stamp duty in Japan, the SEC fee in the US). */
  z.object({ code: z.literal("sale_tax"), params: z.object({}) }),
  /** The demo member's starting money, in embedded mode. */
  z.object({ code: z.literal("demo_funding"), params: z.object({}) }),
  /** A currency exchange at its quoted rate (units of `to` per one of `from`). */
  z.object({
    code: z.literal("fx_conversion"),
    params: z.object({ from: currencySchema, to: currencySchema, rate: decimal }),
  }),
  /** A credit loan's interest for one Tokyo day. */
  z.object({
    code: z.literal("loan_interest_day"),
    params: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  }),
  /**
   * A dividend on a position held across its ex-date: a long's receipt (gross less withheld) or a
   * short's payment of the gross; amounts in major units of the position's currency.
   */
  z.object({
    code: z.literal("dividend"),
    params: z.object({
      side,
      quantity: count,
      symbol: z.string(),
      perShare: decimal,
      exDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      gross: decimal,
      withheld: decimal,
    }),
  }),
  /** Check-in points turned into cash. */
  z.object({ code: z.literal("checkin_points"), params: z.object({ points: count }) }),
  /** The invitation reward: the invitee (masked number) was verified and made a first deposit. */
  z.object({ code: z.literal("invitation_reward"), params: z.object({ invitee: z.string() }) }),
  /**
   * Follow trading, naming the lead by nickname: money into a copy (`in`), out of it (`out`),
   * cash for a mirrored opening (`mirror_open`), a mirror's proceeds back (`mirror_close`), and
   * the profit share the follower paid (`share_paid`) or the lead received (`share_received`).
   */
  z.object({
    code: z.literal("copy"),
    params: z.object({
      lead: z.string(),
      action: z.enum(["in", "out", "mirror_open", "mirror_close", "share_paid", "share_received"]),
    }),
  }),
  /** Operations took back a reward journal (abuse); the reason is staff's words, in the memo. */
  z.object({ code: z.literal("reward_reversal"), params: z.object({ rewardJournalId: z.string() }) }),
  /** Payment for units of a new share won in its draw, held until listing day. */
  z.object({
    code: z.literal("ipo_payment"),
    params: z.object({ symbol: z.string(), quantity: count, price: decimal }),
  }),
  /** A new share allotted on listing day, at its offer price, from the payment's hold. */
  z.object({
    code: z.literal("ipo_allotment"),
    params: z.object({ symbol: z.string(), quantity: count, price: decimal }),
  }),
  /** A block-trade application's money held at once: shares at the block price, plus the fee. */
  z.object({
    code: z.literal("block_hold"),
    params: z.object({ symbol: z.string(), quantity: count, price: decimal }),
  }),
  /** A block-trade application's hold returned: all of it before a fill, or on rejection or withdrawal. */
  z.object({
    code: z.literal("block_release"),
    params: z.object({ symbol: z.string(), quantity: count }),
  }),
]);
export type JournalMemo = z.infer<typeof journalMemoSchema>;
export type JournalMemoCode = JournalMemo["code"];
