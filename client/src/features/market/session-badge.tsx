import type { SessionPhase } from "@kabuto/shared/protocol/market-data";
import type { Market } from "@kabuto/shared/symbols";
import { useLingui } from "@lingui/react/macro";
import { useOnline } from "../../offline/connectivity.ts";
import { useMarketSession } from "../../state/topics.ts";

interface SessionBadgeProps {
  market: Market;
  /** Prefix the market's name, where more than one market shows. */
  named?: boolean;
}

/** The market's trading phase, live from `session:<MARKET>`. */
export function SessionBadge({ market, named }: SessionBadgeProps) {
  const { t } = useLingui();
  const session = useMarketSession(market);
  // Offline with no phase kept, nothing will come: a dash, not a placeholder for ever.
  const online = useOnline();
  const phases: Record<SessionPhase, string> = {
    regular: t({ message: "Open", context: "market session" }),
    pre: t({ message: "Pre-market", context: "market session" }),
    break: t({ message: "Lunch break", context: "market session" }),
    after: t({ message: "After-hours", context: "market session" }),
    closed: t({ message: "Closed", context: "market session" }),
  };
  const marketName = market === "JP" ? t`Tokyo` : t`US`;
  return (
    <span className="session-badge" data-phase={session?.phase ?? "unknown"} aria-live="polite">
      {named && <span>{marketName}</span>}
      {session ? phases[session.phase] : online ? <span className="skeleton" /> : "—"}
    </span>
  );
}
