import { type JournalMemo, journalMemoSchema } from "@kabuto/shared/api/journal-memo";
import type { FundRecord } from "@kabuto/shared/api/trading";
import type { Currency } from "@kabuto/shared/symbols";

/**
 * What a fund record (one ledger journal) did to the member's money, for its row: the change of
 * available cash per currency first (what the member can spend), then the other moves (money
 * held for an order, posted as margin, owed), each summed per purpose and currency because a
 * journal may post to the same account more than once (an opening takes margin and a fee).
 */
export interface Move {
  purpose: string;
  currency: Currency;
  amount: bigint;
}

export interface RecordSummary {
  /** Changes of available cash, one per currency, zero sums left out. */
  available: Move[];
  /** Changes of held, margin and deficit accounts, zero sums left out. */
  others: Move[];
}

/** Purposes in the order the row shows them. */
const purposeOrder = ["available", "held", "margin", "deficit", "loan", "copy"];

export function summarizeChanges(changes: FundRecord["changes"]): RecordSummary {
  const sums = new Map<string, Move>();
  for (const change of changes) {
    const key = `${change.purpose}|${change.currency}`;
    const move = sums.get(key) ?? { purpose: change.purpose, currency: change.currency, amount: 0n };
    move.amount += BigInt(change.amount);
    sums.set(key, move);
  }
  const moves = [...sums.values()]
    .filter((move) => move.amount !== 0n)
    .sort(
      (a, b) =>
        rank(a.purpose) - rank(b.purpose) ||
        a.purpose.localeCompare(b.purpose) ||
        a.currency.localeCompare(b.currency),
    );
  return {
    available: moves.filter((move) => move.purpose === "available"),
    others: moves.filter((move) => move.purpose !== "available"),
  };
}

function rank(purpose: string): number {
  const index = purposeOrder.indexOf(purpose);
  return index < 0 ? purposeOrder.length : index;
}

/** The business rows a record may belong to, by their reference's prefix. */
const refKinds = ["order", "position", "deposit", "withdrawal"] as const;
export type RefKind = (typeof refKinds)[number];

/**
 * A record's business reference (`order:12`, `position:3`, `deposit:5`, `withdrawal:7`) as a
 * kind and a number, if it is one of those.
 */
export function parseRef(ref: string | null): { kind: RefKind; id: string } | undefined {
  const match = ref === null ? null : /^([a-z_]+):(\d+)$/.exec(ref);
  if (!match || !(refKinds as readonly string[]).includes(match[1] as string)) return undefined;
  return { kind: match[1] as RefKind, id: match[2] as string };
}

/**
 * How a record's memo reads. Staff write the memo of an adjustment, a deposit and a
 * withdrawal payout (the spec's remark) and of a returned withdrawal (why it was rejected);
 * other memos are the journal's own description (an exchange's rate, a close's fill).
 */
export function memoRole(kind: string): "remark" | "reason" | "plain" {
  if (kind === "withdrawal_release") return "reason";
  if (kind === "adjustment" || kind === "deposit" || kind === "withdrawal") return "remark";
  return "plain";
}

/**
 * The cursor for the next (older) page: the last record's id, which the server reads as "after
 * this one" in its time order; undefined on an empty page. Records come newest first by time,
 * not by id, so the first id ever written may sit above older records and ends nothing.
 */
export function nextCursor(items: readonly FundRecord[]): number | undefined {
  const last = items.at(-1);
  if (!last) return undefined;
  const id = Number(last.id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The request key of a page: its cursor, or `newest` for the first page. */
export function pageKey(before: number | undefined): string {
  return before === undefined ? "newest" : String(before);
}

/** The list with a further page after it; a record already listed is not listed twice. */
export function appendPage(items: readonly FundRecord[], page: readonly FundRecord[]): FundRecord[] {
  const listed = new Set(items.map((record) => record.id));
  return [...items, ...page.filter((record) => !listed.has(record.id))];
}

/**
 * A record's coded description, if it has one this client knows: journals written before
 * descriptions had codes, staff's own words and a code from a newer server have only their text.
 */
export function codedMemo(record: FundRecord): JournalMemo | undefined {
  if (record.memoCode === null) return undefined;
  const parsed = journalMemoSchema.safeParse({ code: record.memoCode, params: record.memoParams ?? {} });
  return parsed.success ? parsed.data : undefined;
}

/** A stock's code without its market (`9432` of `JP:9432`), as members know it. */
export function stockCode(symbol: string): string {
  return symbol.slice(symbol.indexOf(":") + 1);
}
