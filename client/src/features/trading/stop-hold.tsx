import type { Order } from "@kabuto/shared/api/trading";
import { formatClock } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { useLocale } from "../../i18n/use-locale.ts";
import { symbolZone } from "../market/instrument.ts";

/**
 * Why a waiting stop has not fired though the price may have crossed it: the server marks it held
 * (`stopHold`) by the rule the engine skips it by, so the screen never says it can fire when the
 * engine will not. Nothing while it can fire.
 */
export function StopHoldNote({ order, testId }: { order: Order; testId: string }) {
  const locale = useLocale();
  const hold = order.stopHold;
  if (hold === null) return null;
  if (hold.sinceMs === null) {
    return (
      <p className="order-form__note order-form__note--warn stop-hold" role="status" data-testid={testId}>
        <Trans>No quotes have come for this stock; your stop will not fire until they do.</Trans>
      </p>
    );
  }
  const since = formatClock(hold.sinceMs, locale, symbolZone(order.symbol), { seconds: false });
  return (
    <p
      className="order-form__note order-form__note--warn stop-hold"
      role="status"
      data-testid={testId}
      data-since={hold.sinceMs}
    >
      <Trans>
        Quotes for this stock have stopped since {since}; your stop will not fire until they resume.
      </Trans>
    </p>
  );
}
