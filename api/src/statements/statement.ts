import { currencyMinorDigits, shiftDecimal } from "@kabuto/shared/format";
import { type MemberPurpose, memberPurposes } from "@kabuto/shared/ledger";

/**
 * A statement's arithmetic, with no database: the period it covers, and the statement built
 * from the member's balances at its start and end and the ledger entries between them.
 */

/** A Tokyo month (a monthly statement) or a Tokyo year (a yearly trade report). */
export interface StatementPeriod {
  kind: "month" | "year";
  /** `2026-11` or `2026`. */
  key: string;
  /** The first instant in Tokyo, inclusive. */
  startMs: number;
  /** The first instant of the next period in Tokyo, exclusive. */
  endMs: number;
}

/** Tokyo keeps one offset all year (no daylight saving): a Tokyo date's midnight is this much before UTC's. */
const tokyoOffset = "+09:00";

function tokyoMidnight(year: number, month: number): number {
  const y = String(year).padStart(4, "0");
  const m = String(month).padStart(2, "0");
  return Date.parse(`${y}-${m}-01T00:00:00${tokyoOffset}`);
}

/** The period a key names, or undefined where it names none (`2026-13`, `26`). */
export function parsePeriod(key: string): StatementPeriod | undefined {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (month) {
    const year = Number(month[1]);
    const index = Number(month[2]);
    const startMs = tokyoMidnight(year, index);
    const endMs = index === 12 ? tokyoMidnight(year + 1, 1) : tokyoMidnight(year, index + 1);
    return { kind: "month", key, startMs, endMs };
  }
  const year = /^(\d{4})$/.exec(key);
  if (year) {
    const value = Number(year[1]);
    return { kind: "year", key, startMs: tokyoMidnight(value, 1), endMs: tokyoMidnight(value + 1, 1) };
  }
  return undefined;
}

/** The Tokyo month (`2026-11`) an instant falls in. */
export function tokyoMonthOf(epochMs: number): string {
  return new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 7);
}

/** One member account's balance in minor units. */
export interface PurposeBalance {
  purpose: MemberPurpose;
  currency: string;
  amount: bigint;
}

/** One ledger entry on one of the member's accounts, with its journal. */
export interface StatementEntry {
  journalId: number;
  atMs: number;
  kind: string;
  ref: string | null;
  memo: string | null;
  memoCode: string | null;
  memoParams: unknown;
  purpose: MemberPurpose;
  currency: string;
  amount: bigint;
}

export type PurposeAmounts = Record<MemberPurpose, bigint>;

/** One journal's effect on the member's accounts in one currency (an exchange has a line per currency). */
export type StatementLine = Omit<StatementEntry, "purpose" | "amount"> & {
  amounts: PurposeAmounts;
  /** What the journal changed the member's money in this currency by, every purpose together. */
  net: bigint;
};

/** One currency's balances: at the start, the period's movements, at the end. */
export interface CurrencyBalances {
  currency: string;
  opening: PurposeAmounts;
  movements: PurposeAmounts;
  closing: PurposeAmounts;
}

/** The period's journals of one kind in one currency, added up. */
export interface KindTotal {
  currency: string;
  kind: string;
  count: number;
  amounts: PurposeAmounts;
  net: bigint;
}

export interface Statement {
  period: StatementPeriod;
  lines: StatementLine[];
  currencies: CurrencyBalances[];
  kinds: KindTotal[];
  /**
   * Tax withheld from the period's dividends per currency, in minor units: a long's dividend
   * journal pays the member the net, and its coded remark keeps the gross and what was withheld.
   */
  withheld: { currency: string; amount: bigint }[];
}

/** A statement whose closing balances are not its opening balances plus its movements: never issued. */
export class StatementMismatch extends Error {
  readonly currency: string;
  readonly purpose: MemberPurpose;

  constructor(currency: string, purpose: MemberPurpose) {
    super(`statement does not reconcile: ${currency} ${purpose}`);
    this.currency = currency;
    this.purpose = purpose;
  }
}

export function zeroAmounts(): PurposeAmounts {
  return { available: 0n, held: 0n, margin: 0n, deficit: 0n, loan: 0n, copy: 0n };
}

export function sumOf(amounts: PurposeAmounts): bigint {
  return memberPurposes.reduce((total, purpose) => total + amounts[purpose], 0n);
}

function byCurrency(balances: readonly PurposeBalance[]): Map<string, PurposeAmounts> {
  const found = new Map<string, PurposeAmounts>();
  for (const balance of balances) {
    const amounts = found.get(balance.currency) ?? zeroAmounts();
    amounts[balance.purpose] += balance.amount;
    found.set(balance.currency, amounts);
  }
  return found;
}

/**
 * The statement of a period: its entries grouped into one line per journal and currency in the
 * order they happened, added up per currency and kind, and the balances at both ends. The
 * closing balances are read apart from the entries (the ledger's balances at the period's end,
 * the live balances for a current period); they must equal the opening balances plus the
 * period's movements in every currency and purpose, or the statement is refused.
 */
export function buildStatement(input: {
  period: StatementPeriod;
  opening: readonly PurposeBalance[];
  entries: readonly StatementEntry[];
  closing: readonly PurposeBalance[];
}): Statement {
  const ordered = [...input.entries].sort((a, b) => a.atMs - b.atMs || a.journalId - b.journalId);
  const lines: StatementLine[] = [];
  const lineOf = new Map<string, StatementLine>();
  for (const entry of ordered) {
    const key = `${entry.journalId}:${entry.currency}`;
    let line = lineOf.get(key);
    if (!line) {
      line = {
        journalId: entry.journalId,
        atMs: entry.atMs,
        kind: entry.kind,
        ref: entry.ref,
        memo: entry.memo,
        memoCode: entry.memoCode,
        memoParams: entry.memoParams,
        currency: entry.currency,
        amounts: zeroAmounts(),
        net: 0n,
      };
      lineOf.set(key, line);
      lines.push(line);
    }
    line.amounts[entry.purpose] += entry.amount;
    line.net += entry.amount;
  }

  const opening = byCurrency(input.opening);
  const closing = byCurrency(input.closing);
  const movements = new Map<string, PurposeAmounts>();
  const kinds = new Map<string, KindTotal>();
  for (const line of lines) {
    const moved = movements.get(line.currency) ?? zeroAmounts();
    const total = kinds.get(`${line.currency}:${line.kind}`) ?? {
      currency: line.currency,
      kind: line.kind,
      count: 0,
      amounts: zeroAmounts(),
      net: 0n,
    };
    for (const purpose of memberPurposes) {
      moved[purpose] += line.amounts[purpose];
      total.amounts[purpose] += line.amounts[purpose];
    }
    total.count += 1;
    total.net += line.net;
    movements.set(line.currency, moved);
    kinds.set(`${line.currency}:${line.kind}`, total);
  }

  const currencyList = [...new Set([...opening.keys(), ...movements.keys(), ...closing.keys()])].sort(
    currencyOrder,
  );
  const currencies = currencyList.map((currency): CurrencyBalances => {
    const balances = {
      currency,
      opening: opening.get(currency) ?? zeroAmounts(),
      movements: movements.get(currency) ?? zeroAmounts(),
      closing: closing.get(currency) ?? zeroAmounts(),
    };
    for (const purpose of memberPurposes) {
      if (balances.opening[purpose] + balances.movements[purpose] !== balances.closing[purpose]) {
        throw new StatementMismatch(currency, purpose);
      }
    }
    return balances;
  });
  const kindList = [...kinds.values()].sort(
    (a, b) => currencyOrder(a.currency, b.currency) || a.kind.localeCompare(b.kind),
  );
  const withheld = new Map<string, bigint>();
  for (const line of lines) {
    const amount = withheldOf(line);
    if (amount !== undefined) withheld.set(line.currency, (withheld.get(line.currency) ?? 0n) + amount);
  }
  return {
    period: input.period,
    lines,
    currencies,
    kinds: kindList,
    withheld: [...withheld]
      .sort(([a], [b]) => currencyOrder(a, b))
      .map(([currency, amount]) => ({ currency, amount })),
  };
}

/** The tax a dividend line's remark says was withheld, in minor units; undefined for any other line. */
function withheldOf(line: StatementLine): bigint | undefined {
  if (line.memoCode !== "dividend" || typeof line.memoParams !== "object" || line.memoParams === null)
    return undefined;
  const withheld = (line.memoParams as { withheld?: unknown }).withheld;
  if (typeof withheld !== "string") return undefined;
  const minor = shiftDecimal(withheld, currencyMinorDigits(line.currency));
  return /^-?\d+$/.test(minor) ? BigInt(minor) : undefined;
}

/** Yen first, then the other currencies alphabetically: the broker's home currency leads. */
function currencyOrder(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "JPY") return -1;
  if (b === "JPY") return 1;
  return a.localeCompare(b);
}
