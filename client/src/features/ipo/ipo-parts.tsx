import type { Offering, Subscription } from "@kabuto/shared/api/ipo";
import { formatNumber, formatUnitPrice } from "@kabuto/shared/format";
import type { OfferingPhase } from "@kabuto/shared/ipo/rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocale } from "../../i18n/use-locale.ts";
import { useNow } from "../../lib/use-now.ts";
import { timelineTimes } from "./ipo-times.ts";
import "../identity/identity.css";
import "../wallet/wallet.css";
import "./ipo.css";

export const phaseLabels: Record<OfferingPhase, MessageDescriptor> = {
  scheduled: msg({ message: "To be subscribed", context: "ipo phase" }),
  book: msg({ message: "Subscribing", context: "ipo phase" }),
  closed: msg({ message: "Awaiting price", context: "ipo phase" }),
  priced: msg({ message: "Awaiting draw", context: "ipo phase" }),
  payment: msg({ message: "Payment window", context: "ipo phase" }),
  allotting: msg({ message: "Awaiting listing", context: "ipo phase" }),
  listed: msg({ message: "Listed", context: "ipo phase" }),
};

/** The spec's lottery states: awaiting draw, won (awaiting payment), not won, payment completed. */
export const stateLabels: Record<Subscription["state"], MessageDescriptor> = {
  declared: msg({ message: "Awaiting draw", context: "ipo state" }),
  cancelled: msg({ message: "Cancelled", context: "ipo state" }),
  excluded: msg({ message: "Not in the draw", context: "ipo state" }),
  lost: msg({ message: "Not won", context: "ipo state" }),
  waitlisted: msg({ message: "Not won (waitlist)", context: "ipo state" }),
  won: msg({ message: "Won, awaiting payment", context: "ipo state" }),
  paid: msg({ message: "Payment completed", context: "ipo state" }),
  lapsed: msg({ message: "Not paid in time", context: "ipo state" }),
  allotted: msg({ message: "Allotted", context: "ipo state" }),
};

/** The tag's colour: money to act on is a warning, a placement is done, the rest is neutral or out. */
export function stateTone(state: Subscription["state"]): "pending" | "approved" | "rejected" {
  if (state === "won" || state === "declared" || state === "waitlisted") return "pending";
  if (state === "paid" || state === "allotted") return "approved";
  return "rejected";
}

export function PhaseTag({ phase }: { phase: OfferingPhase }) {
  const { i18n } = useLingui();
  return (
    <span className="ipo-phase" data-phase={phase} data-testid="ipo-phase">
      {i18n._(phaseLabels[phase])}
    </span>
  );
}

/** How often the new shares' countdowns refresh: they count in minutes. */
export const ipoClockMs = 30_000;

/** The next moment that matters to a member, and what happens then. */
export function nextMilestone(
  offering: Offering,
): { atMs: number; what: "opens" | "closes" | "pay" | "lists" } | null {
  switch (offering.phase) {
    case "scheduled":
      return { atMs: offering.dates.bookOpenMs, what: "opens" };
    case "book":
      return { atMs: offering.dates.bookCloseMs, what: "closes" };
    case "payment":
      return { atMs: offering.dates.paymentEndMs, what: "pay" };
    case "allotting":
    case "closed":
    case "priced":
      return { atMs: offering.dates.listingMs, what: "lists" };
    case "listed":
      return null;
  }
}

/** `2d 4h`, `3h 12m`, `8m`: how long until an instant, to the minute. */
export function useDuration(): (ms: number) => string {
  const { t } = useLingui();
  return (ms) => {
    const minutes = Math.max(0, Math.floor(ms / 60_000));
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const mins = minutes % 60;
    if (days > 0) return t`${days}d ${hours}h`;
    if (hours > 0) return t`${hours}h ${mins}m`;
    return t`${mins}m`;
  };
}

export function Countdown({ offering }: { offering: Offering }) {
  const now = useNow(ipoClockMs);
  const duration = useDuration();
  const next = nextMilestone(offering);
  if (!next || next.atMs <= now) return null;
  const left = duration(next.atMs - now);
  return (
    <span className="ipo-countdown num" data-testid="ipo-countdown">
      {next.what === "opens" && <Trans>Opens in {left}</Trans>}
      {next.what === "closes" && <Trans>Closes in {left}</Trans>}
      {next.what === "pay" && <Trans>Payment ends in {left}</Trans>}
      {next.what === "lists" && <Trans>Lists in {left}</Trans>}
    </span>
  );
}

/** The band (仮条件) or, once decided, the offer price. */
export function PriceText({ offering }: { offering: Offering }) {
  const locale = useLocale();
  // In the currency's symbol form, as the amounts due beside it are.
  const price = (value: string) => formatUnitPrice(value, offering.currency, locale);
  if (offering.offerPrice !== null) {
    return (
      <span className="num" data-testid="ipo-offer-price">
        {price(offering.offerPrice)}
      </span>
    );
  }
  return (
    <span className="num" data-testid="ipo-band">
      {price(offering.bandLow)} – {price(offering.bandHigh)}
    </span>
  );
}

/** Book-building, price decision, payment, listing: a small timeline with what is past marked. */
export function Timeline({ offering, now }: { offering: Offering; now: number }) {
  const locale = useLocale();
  const { dates } = offering;
  const times = timelineTimes(offering, locale);
  const steps = [
    {
      key: "book",
      done: now >= dates.bookCloseMs,
      label: <Trans>Book-building</Trans>,
      when: times.book,
    },
    {
      key: "price",
      done: offering.offerPrice !== null,
      label: <Trans>Price decided and draw</Trans>,
      when: times.price,
    },
    {
      key: "payment",
      done: now >= dates.paymentEndMs,
      label: <Trans>Payment until</Trans>,
      when: times.payment,
    },
    {
      key: "listing",
      done: offering.phase === "listed",
      label: <Trans>Listing</Trans>,
      when: times.listing,
    },
  ];
  if (times.lockUpEnd !== null && dates.lockUpEndMs !== null) {
    steps.push({
      key: "lockup",
      done: now >= dates.lockUpEndMs,
      label: <Trans>Lock-up ends</Trans>,
      when: times.lockUpEnd,
    });
  }
  return (
    <ol className="ipo-timeline" data-testid="ipo-timeline">
      {steps.map((step) => (
        <li key={step.key} className="ipo-timeline__step" data-done={step.done || undefined}>
          <span className="ipo-timeline__label">{step.label}</span>
          <span className="ipo-timeline__when num">{step.when}</span>
        </li>
      ))}
    </ol>
  );
}

/** The live odds: units asked for each unit offered. */
export function OddsText({ offering }: { offering: Offering }) {
  const locale = useLocale();
  const { demandRatio } = offering;
  // A few units asked of thousands reads as "under 0.1", never as a misleading 0.
  const small = demandRatio > 0 && demandRatio < 0.1;
  const ratio = formatNumber(small ? 0.1 : demandRatio, locale, 1);
  if (small) {
    return (
      <span className="num" data-testid="ipo-odds">
        <Trans>under {ratio}× subscribed</Trans>
      </span>
    );
  }
  return (
    <span className="num" data-testid="ipo-odds">
      <Trans>{ratio}× subscribed</Trans>
    </span>
  );
}

export function StateTag({ state }: { state: Subscription["state"] }) {
  const { i18n } = useLingui();
  return (
    <span className="status-tag" data-status={stateTone(state)} data-testid="ipo-state" data-state={state}>
      {i18n._(stateLabels[state])}
    </span>
  );
}
