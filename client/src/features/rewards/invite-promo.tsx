import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { formatMoney } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { IconChevron } from "../../app/icons.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import "./rewards.css";

/**
 * The invitation reward, as the rewards terms the server publishes state it (`GET /rewards/terms`,
 * INVITE_REWARD_JPY): the amount is never the client's own, and a house that pays none says
 * nothing. Nothing shows until the terms have arrived.
 */
function useInviteReward(): string | undefined | "loading" {
  const locale = useLocale();
  const terms = useEndpoint(rewardsApi.terms, {});
  if (terms.status === "loading") return "loading";
  if (terms.status !== "ready" || terms.value.inviteRewardYen <= 0) return undefined;
  return formatMoney(BigInt(terms.value.inviteRewardYen), "JPY", locale);
}

/** Home's banner: a member is led to their invitation screen, a visitor to open an account. */
export function InviteBanner() {
  const session = useSessionState();
  const terms = useInviteReward();
  if (terms === undefined) return null;
  // While the terms load, the banner's frame holds its place (its words hidden), so the
  // shortcuts and news below do not jump when it fills.
  const loading = terms === "loading";
  const reward = loading ? "\u00a0" : terms;
  return (
    <Link
      href={session ? "/user/invite" : "/login/start"}
      className="invite-banner"
      data-testid={loading ? "invite-banner-placeholder" : "invite-banner"}
      aria-hidden={loading || undefined}
      tabIndex={loading ? -1 : undefined}
      style={loading ? { visibility: "hidden" } : undefined}
    >
      <span className="invite-banner__text">
        <strong className="invite-banner__title">
          <Trans>Invite a friend, get {reward}</Trans>
        </strong>
        <span className="invite-banner__rule">
          <Trans>For every friend who verifies their identity and makes a first deposit.</Trans>
        </span>
      </span>
      <IconChevron className="invite-banner__chevron" />
    </Link>
  );
}

/** The registration screen's word on the invitation code: what it does for the friend, and for them. */
export function InviteCodeNote() {
  const reward = useInviteReward();
  if (reward === undefined || reward === "loading") return null;
  return (
    <p className="invite-note" data-testid="register-invite-reward">
      <Trans>
        Once you verify your identity and make a first deposit, the friend whose code you use receives{" "}
        {reward}. You can then invite your own friends and receive {reward} for each.
      </Trans>
    </p>
  );
}
