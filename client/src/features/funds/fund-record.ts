import type { Currency, FundRecord } from "@kabuto/shared";

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
const purposeOrder = ["available", "held", "margin", "deficit"];

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

/** A record's business reference (`order:12`, `position:3`) as a kind and a number, if it is one. */
export function parseRef(ref: string | null): { kind: "order" | "position"; id: string } | undefined {
  const match = ref === null ? null : /^(order|position):(\d+)$/.exec(ref);
  if (!match) return undefined;
  return { kind: match[1] as "order" | "position", id: match[2] as string };
}

/** The cursor for the next (older) page: the oldest record's id; undefined when there is none. */
export function nextCursor(items: readonly FundRecord[]): number | undefined {
  const last = items.at(-1);
  if (!last) return undefined;
  const id = Number(last.id);
  return Number.isSafeInteger(id) && id > 1 ? id : undefined;
}
