import type { PlaceOrder } from "@kabuto/shared/api/trading";
import { formatIsoDate, formatMoney, formatNumber, formatPrice } from "@kabuto/shared/format";
import type { OrderVenue } from "@kabuto/shared/market/venues";
import type { PtsPhase } from "@kabuto/shared/protocol/market-data";
import type { OrderEstimate } from "@kabuto/shared/trading/estimate";
import { Trans } from "@lingui/react/macro";
import type { AppLocale } from "../../i18n/locale.ts";
import type { ConfirmRequest, ConfirmRow } from "../trading-pin/confirm-step.tsx";
import { LeverageText } from "./figures.tsx";
import { ConditionName } from "./position-parts.tsx";

/** What the order confirmation restates: the order as it will be sent, and the sheet's own estimate. */
export interface OrderToConfirm {
  order: PlaceOrder & { dayTrade?: boolean };
  /** The stock as the sheet names it: its local name and code. */
  name: string;
  code: string;
  lotSize: number;
  currency: string;
  /** Digits a price of this stock shows with. */
  priceDigits: number;
  estimate: OrderEstimate | undefined;
  locale: AppLocale;
  /** The PTS's session now, named with a PTS order's venue. */
  ptsPhase?: PtsPhase | undefined;
}

/** A Tokyo order's venue as the confirmation names it (the PTS with its session). */
function venueName(venue: OrderVenue, ptsPhase: PtsPhase | undefined) {
  switch (venue) {
    case "tse":
      return <Trans context="venue">TSE</Trans>;
    case "smart":
      return <Trans>Best execution (SOR): TSE or PTS, whichever is better</Trans>;
    case "pts":
      return ptsPhase === "night" ? (
        <Trans context="pts session">PTS night</Trans>
      ) : ptsPhase === "day" ? (
        <Trans context="pts session">PTS day</Trans>
      ) : (
        <Trans context="venue">PTS</Trans>
      );
  }
}

/**
 * The order sheet's confirmation: type (and session), direction, quantity, price, leverage,
 * validity, then the estimate the sheet showed (notional, margin, fee, total), so the member
 * confirms exactly the figures they saw. Each order kind adds its own rows here.
 */
export function orderConfirmation(
  input: OrderToConfirm,
): Pick<ConfirmRequest, "title" | "rows" | "note" | "confirmLabel"> {
  const { order, estimate, currency, locale } = input;
  const money = (amount: bigint | undefined) =>
    amount === undefined ? "—" : formatMoney(amount, currency, locale);
  const shares = formatNumber(order.quantity, locale);
  const lots = formatNumber(order.quantity / input.lotSize, locale);
  const rows: ConfirmRow[] = [
    {
      label: <Trans>Stock</Trans>,
      value: `${input.name} ${input.code}`,
      testId: "confirm-stock",
    },
    {
      label: <Trans>Order type</Trans>,
      value: order.dayTrade ? (
        <Trans>Day trade · market</Trans>
      ) : order.type === "market" ? (
        <Trans context="order type">Market</Trans>
      ) : order.type === "stop" ? (
        <Trans>Stop · at market once triggered</Trans>
      ) : order.type === "stop_limit" ? (
        <Trans>Stop · a limit once triggered</Trans>
      ) : order.session === "extended" ? (
        <Trans>Limit · pre/after-hours</Trans>
      ) : (
        <Trans>Limit</Trans>
      ),
      testId: "confirm-type",
    },
    {
      label: <Trans>Direction</Trans>,
      value: order.side === "long" ? <Trans>Buy · Long</Trans> : <Trans>Sell · Short</Trans>,
      testId: "confirm-side",
    },
    ...(order.venue === undefined
      ? []
      : [
          {
            label: <Trans>Venue</Trans>,
            value: venueName(order.venue, input.ptsPhase),
            testId: "confirm-venue",
          },
        ]),
    ...(order.condition === undefined
      ? []
      : [
          {
            label: <Trans>Condition</Trans>,
            value: <ConditionName condition={order.condition} />,
            testId: "confirm-condition",
          },
        ]),
    {
      label: <Trans>Quantity</Trans>,
      value:
        input.lotSize === 1 ? (
          <Trans>{shares} shares</Trans>
        ) : (
          <Trans>
            {shares} shares ({lots} lots)
          </Trans>
        ),
      testId: "confirm-quantity",
    },
    ...(order.triggerPrice === undefined
      ? []
      : [
          {
            label: <Trans>Trigger price</Trans>,
            value: formatPrice(order.triggerPrice, locale, { fractionDigits: input.priceDigits }),
            testId: "confirm-trigger",
          },
        ]),
    {
      label: <Trans context="order price">Price</Trans>,
      value:
        (order.type === "limit" || order.type === "stop_limit") && order.price !== undefined ? (
          formatPrice(order.price, locale, { fractionDigits: input.priceDigits })
        ) : (
          <Trans>At market</Trans>
        ),
      testId: "confirm-price",
    },
    {
      label: <Trans>Leverage</Trans>,
      value: <LeverageText leverage={order.leverage} />,
      testId: "confirm-leverage",
    },
    {
      label: <Trans>Validity</Trans>,
      value: order.dayTrade ? (
        <Trans>Today, closed at the cut-off</Trans>
      ) : order.type === "market" ? (
        <Trans>Fills now against the book</Trans>
      ) : order.validUntil !== undefined ? (
        <Trans>Until the close of {formatIsoDate(order.validUntil, locale)}</Trans>
      ) : order.type === "stop" || order.type === "stop_limit" ? (
        <Trans>Today: waits for its trigger until the session ends</Trans>
      ) : (
        <Trans>Today: until the session ends</Trans>
      ),
      testId: "confirm-validity",
    },
    ...(order.ifd?.takeProfit
      ? [
          {
            label: <Trans>Then take profit at</Trans>,
            value: formatPrice(order.ifd.takeProfit.price, locale, { fractionDigits: input.priceDigits }),
            testId: "confirm-ifd-profit",
          },
        ]
      : []),
    ...(order.ifd?.stopLoss
      ? [
          {
            label: <Trans>Then cut the loss at</Trans>,
            value: formatPrice(order.ifd.stopLoss.triggerPrice, locale, {
              fractionDigits: input.priceDigits,
            }),
            testId: "confirm-ifd-loss",
          },
        ]
      : []),
    { label: <Trans>Notional</Trans>, value: money(estimate?.notional), testId: "confirm-notional" },
    { label: <Trans>Margin</Trans>, value: money(estimate?.margin) },
    { label: <Trans>Fee</Trans>, value: money(estimate?.fee) },
    {
      label: <Trans>Total required</Trans>,
      value: money(estimate?.required),
      testId: "confirm-required",
      strong: true,
    },
  ];
  return {
    title:
      order.side === "long" ? <Trans>Confirm your buy order</Trans> : <Trans>Confirm your sell order</Trans>,
    rows,
    note: <Trans>An estimate: the server sets the final price, fee and margin.</Trans>,
    confirmLabel: <Trans context="send order">Place order</Trans>,
  };
}
