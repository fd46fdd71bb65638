import type { OrderType } from "@kabuto/shared/api/trading";
import type { OrderVenue } from "@kabuto/shared/market/venues";
import { conditionRefusal, type OrderCondition } from "@kabuto/shared/trading/conditions";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { ConditionName } from "./position-parts.tsx";

interface ConditionChoiceProps {
  condition: OrderCondition | undefined;
  type: OrderType;
  venue: OrderVenue;
  /** Whether the TSE is in its session now: an IOC fills or is cancelled at once, so only then. */
  tseTrading: boolean;
  onChange: (condition: OrderCondition | undefined) => void;
  error: string | undefined;
}

/**
 * A Tokyo order's execution condition (執行条件): none, 寄付, 引け, 不成 or IOC, each in one line. A
 * condition the order cannot carry (a market or stop order, the PTS or the smart route, an IOC
 * while the TSE is shut) cannot be picked: the server's own rule decides (`conditionRefusal`).
 */
export function ConditionChoice({
  condition,
  type,
  venue,
  tseTrading,
  onChange,
  error,
}: ConditionChoiceProps) {
  const allowed = (value: OrderCondition) =>
    conditionRefusal({
      market: "JP",
      venue,
      type,
      condition: value,
      hasIfd: false,
      closesPosition: false,
      dayTrade: false,
      validUntil: undefined,
    }) === undefined &&
    (value !== "ioc" || tseTrading);
  const explained: Record<OrderCondition | "none", ReactNode> = {
    none: allowed("funari") ? (
      <Trans>No condition: the order waits or fills as usual.</Trans>
    ) : (
      <Trans>Execution conditions are for limit orders sent to the TSE.</Trans>
    ),
    ioc: <Trans>Fills in full at once at your price or better, or is cancelled at once.</Trans>,
    funari: (
      <Trans>Waits as a limit today; if it has not filled by the close, it fills at market there.</Trans>
    ),
    open: <Trans>Trades only in the next opening auction (9:00), at its price if your limit allows.</Trans>,
    close: <Trans>Trades only in the next closing auction (15:30), at its price if your limit allows.</Trans>,
  };
  return (
    <>
      <ChoiceChips
        name="order-condition"
        legend={<Trans>Condition</Trans>}
        value={condition ?? "none"}
        onChange={(value) => onChange(value === "none" ? undefined : value)}
        choices={[
          { value: "none" as const, label: <Trans context="execution condition">None</Trans> },
          ...(["open", "close", "funari", "ioc"] as const).map((value) => ({
            value,
            label: <ConditionName condition={value} />,
            disabled: !allowed(value),
          })),
        ]}
        look="chips"
        error={error}
      />
      <p className="order-form__note" data-testid="order-condition-note">
        {explained[condition ?? "none"]}
      </p>
    </>
  );
}
