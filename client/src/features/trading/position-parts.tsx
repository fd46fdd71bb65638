import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import type { Order, Position } from "@kabuto/shared/api/trading";
import { formatNumber, formatPercent, formatPrice } from "@kabuto/shared/format";
import type { OrderVenue, Venue } from "@kabuto/shared/market/venues";
import type { OrderCondition } from "@kabuto/shared/trading/conditions";
import { Plural, Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useLocale } from "../../i18n/use-locale.ts";
import { useNow } from "../../lib/use-now.ts";
import { useQuote } from "../../state/topics.ts";
import { localName, priceDigits } from "../market/instrument.ts";
import { formatSignedMoney, SideBadge, toneOf } from "./figures.tsx";
import { isLockedUp, lockEndText } from "./lock-up.ts";
import { marketValue, pnlPercent, shownLeverage, unrealizedPnl } from "./pnl.ts";

/** Shares in one lot of the instrument, or of its market when the instrument is not known yet. */
export function lotSizeOf(symbol: string, instrument: InstrumentWithQuote | undefined): number {
  return instrument?.lotSize ?? (symbol.startsWith("JP:") ? 100 : 1);
}

/**
 * A quantity as members count it: lots where a lot is more than one share (TSE), shares where
 * it is one (US).
 */
export function QuantityText({ shares, lotSize }: { shares: number; lotSize: number }) {
  if (lotSize === 1) return <Plural value={shares} one="# share" other="# shares" />;
  // Quantities are whole lots (the server refuses anything else).
  const lots = shares / lotSize;
  return <Plural value={lots} one="# lot" other="# lots" />;
}

/** The instrument's name in the member's language, or its code until it is known. */
export function InstrumentName({
  symbol,
  instrument,
}: {
  symbol: string;
  instrument: InstrumentWithQuote | undefined;
}) {
  const locale = useLocale();
  return <>{instrument ? localName(instrument.name, locale) : symbol.slice(symbol.indexOf(":") + 1)}</>;
}

export interface LivePosition {
  last: string | undefined;
  value: bigint | undefined;
  pnl: bigint | undefined;
}

/** A holding position's market value and unrealised P&L at the live last price. */
export function useLivePosition(position: Position): LivePosition {
  const quote = useQuote(position.status === "holding" ? position.symbol : null);
  const last = quote?.last;
  return {
    last,
    value: last === undefined ? undefined : marketValue(position, last),
    pnl: last === undefined ? undefined : unrealizedPnl(position, last),
  };
}

/** A P&L figure in its sign's colour, with its percentage of the initial margin. */
export function PnlText({
  pnl,
  position,
  withPercent,
  testId,
}: {
  pnl: bigint | undefined;
  position: Position;
  withPercent?: boolean;
  testId?: string;
}) {
  const locale = useLocale();
  if (pnl === undefined) return <span className="skeleton" />;
  const percent = withPercent ? pnlPercent(pnl, position.initialMargin) : undefined;
  return (
    <span className={`pnl num ${toneOf(pnl)}`}>
      <span className="pnl__amount" data-testid={testId}>
        {formatSignedMoney(pnl, position.currency, locale)}
      </span>
      {percent !== undefined && <span className="pnl__percent">{formatPercent(percent, locale)}</span>}
    </span>
  );
}

/** One figure of a position row: a label over a number. */
export function Figure({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="trade-row__figure">
      <dt>{label}</dt>
      <dd className="num">{children}</dd>
    </div>
  );
}

/**
 * What a row of an open position shows, live: the name, side and leverage, the P&L, the
 * quantity, the open price and the last price. The caller wraps it (a link, a list item).
 */
export function OpenPositionSummary({
  position,
  instrument,
  pnlTestId,
  lastTestId,
}: {
  position: Position;
  instrument: InstrumentWithQuote | undefined;
  pnlTestId: string;
  lastTestId?: string;
}) {
  const locale = useLocale();
  const live = useLivePosition(position);
  const digits = priceDigits(position.symbol, instrument?.tickTable, position.openPrice);
  const price = (value: string | undefined) =>
    value === undefined ? "—" : formatPrice(value, locale, { fractionDigits: digits });
  return (
    <>
      <span className="trade-row__head">
        <span className="trade-row__name">
          <InstrumentName symbol={position.symbol} instrument={instrument} />
        </span>
        <SideBadge side={position.side} leverage={shownLeverage(position)} />
        <span className="trade-row__end">
          <PnlText pnl={live.pnl} position={position} withPercent testId={pnlTestId} />
        </span>
      </span>
      <dl className="trade-row__figures">
        <Figure label={<Trans>Quantity</Trans>}>
          <QuantityText shares={position.quantity} lotSize={lotSizeOf(position.symbol, instrument)} />
        </Figure>
        <Figure label={<Trans>Open price</Trans>}>{price(position.openPrice)}</Figure>
        <Figure label={<Trans>Last</Trans>}>
          <span data-testid={lastTestId}>{price(live.last)}</span>
        </Figure>
      </dl>
    </>
  );
}

/** How often a lock-up tag looks at the clock: it goes at the minute the lock-up ends. */
const lockUpTickMs = 60_000;

/** When the position's lock-up ends, as the member reads it; undefined when it is not locked up (any more). */
export function useLockEnd(position: Pick<Position, "lockedUntilMs">): string | undefined {
  const locale = useLocale();
  const until = position.lockedUntilMs;
  const now = useNow(lockUpTickMs, until !== null);
  return until !== null && isLockedUp(position, now) ? lockEndText(until, locale) : undefined;
}

/** The tag of a locked-up position: until when it may not be closed, date and time in Tokyo. */
export function LockUpTag({ until, testId }: { until: string; testId?: string }) {
  return (
    <span className="tag tag--danger" data-testid={testId}>
      <Trans>Locked until {until}</Trans>
    </span>
  );
}

/** A Tokyo venue's short name: 東証 or PTS. */
export function VenueName({ venue }: { venue: Venue }) {
  return venue === "pts" ? <Trans context="venue">PTS</Trans> : <Trans context="venue">TSE</Trans>;
}

/** A Tokyo order's execution condition, short: 寄付, 引け, 不成 or IOC. */
export function ConditionName({ condition }: { condition: OrderCondition }) {
  switch (condition) {
    case "open":
      return <Trans context="execution condition">At the open</Trans>;
    case "close":
      return <Trans context="execution condition">At the close</Trans>;
    case "funari":
      return <Trans context="execution condition">Funari</Trans>;
    case "ioc":
      return <Trans context="execution condition">IOC</Trans>;
  }
}

/** Where the member sent a Tokyo order: the TSE, the PTS, or the smart route. */
export function OrderVenueName({ venue }: { venue: OrderVenue }) {
  return venue === "smart" ? <Trans context="venue">Best (SOR)</Trans> : <VenueName venue={venue} />;
}

/** Where a filled Tokyo order was done, shares per venue: "PTS 100 shares / TSE 200 shares". */
export function RouteFills({ route }: { route: NonNullable<Order["route"]> }) {
  const locale = useLocale();
  return (
    <>
      {route.fills.map((fill, index) => {
        const shares = formatNumber(fill.quantity, locale);
        return (
          <span key={fill.venue} className="route-fill" data-venue={fill.venue}>
            {index > 0 && " / "}
            <VenueName venue={fill.venue} /> <Trans>{shares} shares</Trans>
          </span>
        );
      })}
    </>
  );
}
