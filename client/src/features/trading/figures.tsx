import { formatMoney } from "@kabuto/shared/format";
import type { Side } from "@kabuto/shared/trading/rules";
import { Trans } from "@lingui/react/macro";
import type { AppLocale } from "../../i18n/locale.ts";
import type { Direction } from "../market/instrument.ts";

/** The colour class of a profit or a loss. */
export function toneOf(amount: bigint | undefined): Direction {
  if (amount === undefined || amount === 0n) return "flat";
  return amount > 0n ? "rise" : "fall";
}

/** Money with its sign: `+￥850`, `-￥150`, `￥0`. */
export function formatSignedMoney(amount: bigint, currency: string, locale: AppLocale): string {
  return `${amount > 0n ? "+" : ""}${formatMoney(amount, currency, locale)}`;
}

/** Long or short, with the leverage: the badge of a position or an order. */
export function SideBadge({ side, leverage }: { side: Side; leverage?: number }) {
  return (
    <span className="side-badge" data-side={side}>
      {side === "long" ? <Trans>Long</Trans> : <Trans>Short</Trans>}
      {leverage !== undefined && <LeverageText leverage={leverage} />}
    </span>
  );
}

/** A leverage as members read it: 2× (en), 2倍 (ja, zh-Hant). */
export function LeverageText({ leverage }: { leverage: number }) {
  return (
    <span className="num">
      <Trans>{leverage}×</Trans>
    </span>
  );
}
