import type { RewardEvent, RewardsSummary } from "@kabuto/shared/api/rewards";
import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { formatDate, formatMoney, formatNumber } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { IconChevron } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { formatSignedMoney } from "../trading/figures.tsx";
import { CheckInCard } from "./check-in-card.tsx";
// The history list's rows are the deposit and withdrawal lists' own.
import "../wallet/wallet.css";
import "./rewards.css";

/**
 * `/user/rewards` (a path of our own: the spec names the check-in but gives it no screen): the
 * daily check-in, the points it has earned and their conversion into cash, with every rule
 * that limits it stated, the way to the invitation screen, and the history of check-ins,
 * conversions, invitation rewards and rewards taken back.
 */
export function RewardsScreen() {
  const session = useSessionState();
  const locale = useLocale();
  const rewards = useEndpoint(rewardsApi.summary, {});
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Rewards</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && rewards.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && rewards.status === "error" && (
          <LoadProblem error={rewards.error} onRetry={rewards.reload} />
        )}
        {session && rewards.status === "ready" && (
          <>
            <CheckInCard rewards={rewards.value} onCheckedIn={rewards.reload} />
            <PointsPanel rewards={rewards.value} />
            <Link href="/user/invite" className="panel rewards-invite" data-testid="rewards-invite">
              <span>
                <Trans>
                  Invite friends: {formatMoney(BigInt(rewards.value.terms.inviteRewardYen), "JPY", locale)}{" "}
                  for each who verifies and deposits
                </Trans>
              </span>
              <IconChevron className="menu__chevron" />
            </Link>
            <section className="panel">
              <h2 className="panel__title">
                <Trans>History</Trans>
              </h2>
              <History events={rewards.value.history} />
            </section>
          </>
        )}
      </main>
    </>
  );
}

function PointsPanel({ rewards }: { rewards: RewardsSummary }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const { terms, points } = rewards;
  const yen = (amount: number | bigint | string) => formatMoney(BigInt(amount), "JPY", locale);
  const worth = Math.floor(points / terms.pointsPerYen);
  const minimumYen = Math.floor(terms.convertMinimumPoints / terms.pointsPerYen);
  const enough = points >= terms.convertMinimumPoints;
  const minimumPoints = formatNumber(terms.convertMinimumPoints, locale);

  async function convert() {
    setBusy(true);
    try {
      const result = await call(
        rewardsApi.convert,
        {},
        { idempotencyKey: keys.keyFor(`convert:${rewards.today}:${points}`) },
      );
      keys.settle();
      afterOwnAction();
      // The summary is read again: the conversion changed the rewards tag.
      notifySuccess(t`${yen(result.yen)} added to your available cash`);
    } catch (error) {
      keys.settle(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel rewards-points" data-testid="rewards-points">
      <h2 className="panel__title">
        <Trans>Points</Trans>
      </h2>
      <span className="rewards-points__value num" data-testid="rewards-points-value">
        <Trans>{points} points</Trans>
      </span>
      <p className="field__hint">
        <Trans>
          Worth {yen(worth)}: {terms.pointsPerYen} points make ¥1. Points last {terms.expiryDays} days after
          you earn them.
        </Trans>
      </p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={convert}
        disabled={busy || !enough}
        data-testid="rewards-convert"
      >
        <Trans>Convert to cash</Trans>
      </button>
      {!enough && (
        <p className="field__hint" data-testid="rewards-too-few">
          <Trans>
            Points convert from {minimumPoints} points ({yen(minimumYen)}) upwards.
          </Trans>
        </p>
      )}
      <p className="field__hint">
        <Trans>
          Reward cash this year: {yen(rewards.cashThisYear)} of at most {yen(terms.yearMaxYen)}. Reward cash
          can be withdrawn {terms.holdDays} days after it arrives; you can trade with it at once.
        </Trans>
      </p>
    </section>
  );
}

function History({ events }: { events: RewardEvent[] }) {
  const locale = useLocale();
  if (events.length === 0)
    return (
      <p className="request-empty">
        <Trans>No rewards yet.</Trans>
      </p>
    );
  return (
    <ul className="request-list" data-testid="rewards-history">
      {events.map((event) => (
        <li key={event.id} className="request-row" data-kind={event.kind}>
          <div className="request-row__main">
            <span>
              <EventText event={event} />
            </span>
            <span className="request-row__amount num">
              {event.kind === "checkin" || event.kind === "convert"
                ? event.points > 0
                  ? `+${event.points}`
                  : event.points
                : formatSignedMoney(BigInt(event.yen ?? "0"), "JPY", locale)}
            </span>
          </div>
          <div className="request-row__details">
            <span className="num">{formatDate(event.createdAtMs, locale, marketZone.JP)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EventText({ event }: { event: RewardEvent }) {
  const locale = useLocale();
  switch (event.kind) {
    case "checkin":
      return <Trans>Check-in, day {event.streak} in a row</Trans>;
    case "convert":
      return <Trans>Converted to {formatMoney(BigInt(event.yen ?? "0"), "JPY", locale)}</Trans>;
    case "invite": {
      const invitee = event.invitee ?? "";
      return event.yen === "0" ? (
        <Trans>Invitation: {invitee} verified and deposited; not paid, this year's limit was reached</Trans>
      ) : (
        <Trans>Invitation reward: {invitee} verified and made a first deposit</Trans>
      );
    }
    case "reversal":
      return <Trans>Reward taken back by operations (see fund records)</Trans>;
  }
}
