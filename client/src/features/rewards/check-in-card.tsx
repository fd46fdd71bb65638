import type { RewardsSummary } from "@kabuto/shared/api/rewards";
import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { NeedsConnection } from "../../offline/offline-banner.tsx";
import "./rewards.css";

/** Days a streak's dots show: a week, the bonus on its last. */
const weekDays = 7;

/**
 * The daily check-in: this week's streak as seven dots (the seventh carries the bonus), and the
 * button that earns today's points, or when the next points come. On Home it links to the
 * rewards screen; there it stands alone.
 */
export function CheckInCard({
  rewards,
  onCheckedIn,
  linkToRewards = false,
}: {
  rewards: RewardsSummary;
  onCheckedIn: () => void;
  linkToRewards?: boolean;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const online = useOnline();
  const { streak, checkedInToday, nextPoints, points } = rewards;
  // Dots filled this week: a streak of 9 has filled two of the second week.
  const filled = streak === 0 ? 0 : ((streak - 1) % weekDays) + 1;
  const dotsFilled = checkedInToday ? filled : streak % weekDays === 0 ? 0 : filled;

  async function press() {
    setBusy(true);
    try {
      // One key per day's check-in: a press after a lost answer gets that answer, not a refusal.
      const result = await call(
        rewardsApi.checkIn,
        {},
        { idempotencyKey: keys.keyFor(`check-in:${rewards.today}`) },
      );
      keys.settle();
      notifySuccess(t`Checked in: +${result.earned} points`);
      onCheckedIn();
    } catch (error) {
      keys.settle(error);
      // Another tab or device got there first: the card only needs to catch up.
      if (error instanceof ApiError && error.code === "ALREADY_CHECKED_IN") onCheckedIn();
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="checkin-card" data-testid="checkin-card" data-checked-in={checkedInToday}>
      <div className="checkin-card__head">
        <h2 className="checkin-card__title">
          <Trans>Daily check-in</Trans>
        </h2>
        {linkToRewards ? (
          <Link href="/user/rewards" className="checkin-card__points num" data-testid="checkin-points">
            <Trans>{points} points</Trans>
          </Link>
        ) : (
          <span className="checkin-card__points num" data-testid="checkin-points">
            <Trans>{points} points</Trans>
          </span>
        )}
      </div>
      <ol className="checkin-dots" aria-label={t`Days in a row this week`}>
        {Array.from({ length: weekDays }, (_, index) => (
          <li
            // The seven days of a week are fixed places.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="checkin-dots__day"
            data-filled={index < dotsFilled}
            data-bonus={index === weekDays - 1}
          >
            {index + 1}
          </li>
        ))}
      </ol>
      <p className="checkin-card__bonus">
        <Trans>Every 7th day in a row: +{rewards.terms.weeklyBonusPoints} bonus points</Trans>
      </p>
      {checkedInToday ? (
        <p className="checkin-card__done" data-testid="checkin-done">
          <Trans>
            Checked in today, {streak} days in a row. Come back tomorrow for {nextPoints} points.
          </Trans>
        </p>
      ) : (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={press}
          disabled={busy || !online}
          data-testid="checkin-button"
        >
          <Trans>Check in: +{nextPoints} points</Trans>
        </button>
      )}
      {!checkedInToday && <NeedsConnection />}
    </section>
  );
}

/**
 * The card's frame while the member's rewards load: its title, the week's seven dots, and the
 * figures and the button's place shimmering, each row at the height it will have, so what is
 * below the card does not move when it fills.
 */
export function CheckInCardPlaceholder() {
  return (
    <section className="checkin-card" aria-busy="true" data-testid="checkin-card-placeholder">
      <div className="checkin-card__head">
        <h2 className="checkin-card__title">
          <Trans>Daily check-in</Trans>
        </h2>
        <span className="checkin-card__points num">
          <span className="skeleton" />
        </span>
      </div>
      <ol className="checkin-dots" aria-hidden="true">
        {Array.from({ length: weekDays }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the seven days of a week are fixed places.
          <li key={index} className="checkin-dots__day" data-bonus={index === weekDays - 1}>
            {index + 1}
          </li>
        ))}
      </ol>
      <p className="checkin-card__bonus">
        <span className="skeleton" style={{ width: "60%" }} />
      </p>
      <span className="button button--block" aria-hidden="true">
        <span className="skeleton" style={{ width: "40%" }} />
      </span>
    </section>
  );
}
