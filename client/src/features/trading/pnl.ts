import type { Balance, Position } from "@kabuto/shared/api/trading";
import type { Currency, Market } from "@kabuto/shared/symbols";
import { priceNotional, toMinor } from "@kabuto/shared/trading/rules";

/**
 * Live figures of positions and of the account, from the server's last word (balances and
 * positions) and the live last prices. All money in integer minor units of the position's or the
 * balance's currency; nothing here rounds through a float.
 */

export function marketOf(symbol: string): Market {
  return symbol.startsWith("US:") ? "US" : "JP";
}

/** The position's shares at `lastPrice`, in minor units (rounded half up, as a close's notional). */
export function marketValue(
  position: Pick<Position, "symbol" | "quantity">,
  lastPrice: string,
): bigint | undefined {
  const market = marketOf(position.symbol);
  const scaled = priceNotional(lastPrice, position.quantity, market);
  return scaled === undefined ? undefined : toMinor(scaled, market);
}

/**
 * Unrealised profit (positive) or loss of a holding position at `lastPrice`, before charges:
 * long (last − open) × shares, short the reverse. Measured against the opening notional the
 * server recorded, so a fill across several book levels counts at what it really cost.
 */
export function unrealizedPnl(
  position: Pick<Position, "symbol" | "quantity" | "side" | "openNotional">,
  lastPrice: string,
): bigint | undefined {
  const value = marketValue(position, lastPrice);
  if (value === undefined) return undefined;
  const opened = BigInt(position.openNotional);
  return position.side === "long" ? value - opened : opened - value;
}

/** P&L as a share of the initial margin, in percent with two decimals (a decimal string). */
export function pnlPercent(pnl: bigint, initialMargin: string): string | undefined {
  const base = BigInt(initialMargin);
  if (base <= 0n) return undefined;
  const hundredths = (pnl * 10_000n) / base;
  const negative = hundredths < 0n;
  const digits = (negative ? -hundredths : hundredths).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export interface CurrencyTotals {
  currency: Currency;
  /** Available + held + margin + unrealised P&L of holding positions − what is owed (debt and loans). */
  totalAssets: bigint;
  /** Held for pending orders and requests. */
  frozen: bigint;
  available: bigint;
  /** Realised (closed positions, net of charges) plus unrealised (holding positions). */
  profit: bigint;
  unrealized: bigint;
  margin: bigint;
  deficit: bigint;
  /** Owed on credit loans, as a positive amount. */
  loans: bigint;
  /** Every holding position in this currency has a live price: the figures are complete. */
  priced: boolean;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * The account centre's figures per currency. `lastPrice` gives the live last price of a symbol
 * (undefined while it is not known; the position then counts at no P&L and `priced` is false).
 */
export function accountTotals(
  balances: readonly Balance[],
  holding: readonly Position[],
  lastPrice: (symbol: string) => string | undefined,
): CurrencyTotals[] {
  return balances.map((balance) => {
    let unrealized = 0n;
    let priced = true;
    for (const position of holding) {
      if (position.currency !== balance.currency || position.status !== "holding") continue;
      const last = lastPrice(position.symbol);
      const pnl = last === undefined ? undefined : unrealizedPnl(position, last);
      if (pnl === undefined) priced = false;
      else unrealized += pnl;
    }
    const available = BigInt(balance.available);
    const frozen = BigInt(balance.held);
    const margin = BigInt(balance.margin);
    const deficit = BigInt(balance.deficit);
    // Borrowed cash sits in available; what is owed on it is not the member's.
    const loans = abs(BigInt(balance.loan));
    return {
      currency: balance.currency,
      totalAssets: available + frozen + margin + unrealized - abs(deficit) - loans,
      frozen,
      available,
      profit: BigInt(balance.realized) + unrealized,
      unrealized,
      margin,
      deficit,
      loans,
      priced,
    };
  });
}

/** The holdings list's summary in one currency: what its open positions are worth now, and their P&L. */
export interface HoldingTotals {
  currency: Currency;
  /** The shares of every holding position at the last price, long and short alike (a row's market value). */
  marketValue: bigint;
  /** Unrealised P&L of those positions together, before charges. */
  unrealized: bigint;
  /** Their initial margins together: what the P&L is a percentage of, as on each row. */
  initialMargin: bigint;
  /** Every position has a live price: until then the sums would understate, so none is shown. */
  priced: boolean;
}

/**
 * The holdings list's summary (評価額合計, 評価損益合計), one entry per currency the member holds
 * positions in, yen first: money in different currencies is never added together.
 */
export function holdingTotals(
  holding: readonly Position[],
  lastPrice: (symbol: string) => string | undefined,
): HoldingTotals[] {
  const byCurrency = new Map<Currency, HoldingTotals>();
  for (const position of holding) {
    if (position.status !== "holding") continue;
    const totals = byCurrency.get(position.currency) ?? {
      currency: position.currency,
      marketValue: 0n,
      unrealized: 0n,
      initialMargin: 0n,
      priced: true,
    };
    byCurrency.set(position.currency, totals);
    totals.initialMargin += BigInt(position.initialMargin);
    const last = lastPrice(position.symbol);
    const value = last === undefined ? undefined : marketValue(position, last);
    const pnl = last === undefined ? undefined : unrealizedPnl(position, last);
    if (value === undefined || pnl === undefined) {
      totals.priced = false;
      continue;
    }
    totals.marketValue += value;
    totals.unrealized += pnl;
  }
  return [...byCurrency.values()].sort((a, b) => currencyOrder(a.currency) - currencyOrder(b.currency));
}

/** Yen first, as the account centre lists balances; then by code. */
function currencyOrder(currency: Currency): number {
  return currency === "JPY" ? -1 : currency.charCodeAt(0);
}

/**
 * The leverage to show for a position: its own, or for a day trade the one its margin rule gives,
 * to a tenth (3.3 for a 30% margin), since the integer leverage it is stored with rounds it down.
 */
export function shownLeverage(
  position: Pick<Position, "leverage" | "dayTrade" | "openNotional" | "initialMargin">,
): number {
  if (!position.dayTrade) return position.leverage;
  const margin = Number(position.initialMargin);
  return margin > 0 ? Math.floor((Number(position.openNotional) * 10) / margin) / 10 : position.leverage;
}
