import { authApi } from "@kabuto/shared/endpoints/auth";
import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { Trans } from "@lingui/react/macro";
import { useEndpoint } from "../../lib/queries.ts";

/** Mine's rewards figure: usable points, and a nudge while today's check-in waits. */
export function RewardsSummaryValue() {
  const rewards = useEndpoint(rewardsApi.summary, {});
  if (rewards.status === "loading") return <span className="skeleton" />;
  if (rewards.status === "error") return null;
  return (
    <span className="menu__value num" data-testid="menu-rewards-value">
      {rewards.value.checkedInToday ? (
        <Trans>{rewards.value.points} points</Trans>
      ) : (
        <Trans>Check in today</Trans>
      )}
    </span>
  );
}

/** Mine's invitation row: the member's own invite code. */
export function InviteCodeValue() {
  const me = useEndpoint(authApi.me, {});
  if (me.status === "loading") return <span className="skeleton" />;
  if (me.status === "error") return null;
  return (
    <span className="menu__value num" data-testid="invite-code">
      {me.value.inviteCode}
    </span>
  );
}
