import type { Invitee } from "@kabuto/shared/api/rewards";
import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { formatDate, formatMoney } from "@kabuto/shared/format";
import { invitationLink } from "@kabuto/shared/rewards/invitations";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import QRCode from "qrcode";
import { useEffect, useRef } from "react";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { copyText } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
// The history list's rows are the deposit and withdrawal lists' own.
import "../wallet/wallet.css";
import "./rewards.css";

/** The spec's QR code: 256×256 pixels, error correction H (it still reads with 30% of it covered). */
export const qrSizePx = 256;

/**
 * `/user/invite` (a path of our own: the spec asks for the invitation screen without naming
 * one): the member's code, the register link with the code filled in and its QR code, copy and
 * share, the reward and its rule, and the members who registered with the code with what each
 * has completed.
 */
export function InviteScreen() {
  const session = useSessionState();
  const invitations = useEndpoint(rewardsApi.invitations, {});
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Invite friends</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && invitations.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && invitations.status === "error" && (
          <LoadProblem error={invitations.error} onRetry={invitations.reload} />
        )}
        {session && invitations.status === "ready" && (
          <>
            <InviteCard code={invitations.value.code} rewardYen={invitations.value.rewardYen} />
            <section className="panel">
              <h2 className="panel__title">
                <Trans>Friends you invited</Trans>
              </h2>
              <Invitees invitees={invitations.value.invitees} />
            </section>
          </>
        )}
      </main>
    </>
  );
}

function InviteCard({ code, rewardYen }: { code: string; rewardYen: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const link = invitationLink(location.href, code);
  const reward = formatMoney(BigInt(rewardYen), "JPY", locale);

  async function share() {
    const text = t`Join me on Kabuto with my invitation code ${code}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: "Kabuto", text, url: link });
        return;
      } catch (error) {
        // The member closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await copyText(link);
  }

  return (
    <section className="panel invite-card" data-testid="invite-card">
      <p className="invite-card__reward">
        <Trans>
          Get {reward} when a friend you invite verifies their identity and makes a first deposit.
        </Trans>
      </p>
      <QrCode text={link} label={t`QR code of your invitation link`} />
      <dl className="invite-card__facts">
        <div>
          <dt>
            <Trans>Invitation code</Trans>
          </dt>
          <dd className="invite-card__code num" data-testid="invite-screen-code">
            {code}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Invitation link</Trans>
          </dt>
          <dd className="invite-card__link" data-testid="invite-link">
            {link}
          </dd>
        </div>
      </dl>
      <div className="invite-card__actions">
        <button type="button" className="button button--outline" onClick={() => copyText(code)}>
          <Trans>Copy code</Trans>
        </button>
        <button type="button" className="button button--outline" onClick={() => copyText(link)}>
          <Trans>Copy link</Trans>
        </button>
        <button type="button" className="button button--primary" onClick={share} data-testid="invite-share">
          <Trans>Share</Trans>
        </button>
      </div>
      <p className="field__hint">
        <Trans>
          One reward per friend, once they have done both, in either order. Rewards count towards the year's
          reward-cash limit and can be withdrawn after the holding period shown under Rewards.
        </Trans>
      </p>
    </section>
  );
}

/** The link as a QR code drawn on a canvas in the browser: nothing leaves the page to make it. */
function QrCode({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    void QRCode.toCanvas(canvas.current, text, {
      errorCorrectionLevel: "H",
      width: qrSizePx,
      margin: 2,
      color: { dark: "#000000", light: "#ffffff" },
    });
  }, [text]);
  return (
    <canvas
      ref={canvas}
      className="invite-card__qr"
      width={qrSizePx}
      height={qrSizePx}
      role="img"
      aria-label={label}
      data-testid="invite-qr"
    />
  );
}

function Invitees({ invitees }: { invitees: Invitee[] }) {
  const locale = useLocale();
  if (invitees.length === 0)
    return (
      <p className="request-empty">
        <Trans>Nobody has registered with your code yet.</Trans>
      </p>
    );
  return (
    <ul className="request-list" data-testid="invitees">
      {invitees.map((invitee) => (
        <li
          key={`${invitee.account}-${invitee.registeredAtMs}`}
          className="request-row"
          data-testid="invitee"
        >
          <div className="request-row__main">
            <span className="num">{invitee.account}</span>
            <RewardState invitee={invitee} />
          </div>
          <div className="request-row__details">
            <span>
              <Trans>Registered {formatDate(invitee.registeredAtMs, locale, marketZone.JP)}</Trans>
            </span>
          </div>
          <ol className="invitee-steps">
            <Step done={true}>
              <Trans>Registered</Trans>
            </Step>
            <Step done={invitee.verified}>
              <Trans context="verification">Verified</Trans>
            </Step>
            <Step done={invitee.firstDeposit}>
              <Trans>First deposit</Trans>
            </Step>
            <Step done={invitee.rewardYen !== null}>
              <Trans>Reward paid</Trans>
            </Step>
          </ol>
        </li>
      ))}
    </ul>
  );
}

function Step({ done, children }: { done: boolean; children: React.ReactNode }) {
  return (
    <li className="invitee-steps__step" data-done={done}>
      <span aria-hidden="true">{done ? "✓" : "○"}</span> {children}
    </li>
  );
}

function RewardState({ invitee }: { invitee: Invitee }) {
  const locale = useLocale();
  if (invitee.rewardYen === null) {
    return (
      <span className="invitee-reward-state" data-testid="invitee-reward">
        <Trans>Not yet</Trans>
      </span>
    );
  }
  if (invitee.rewardReversed) {
    return (
      <span className="invitee-reward-state" data-testid="invitee-reward">
        <Trans context="reward record">Reward taken back</Trans>
      </span>
    );
  }
  if (invitee.rewardYen === "0") {
    return (
      <span className="invitee-reward-state" data-testid="invitee-reward">
        <Trans>Not paid: this year's reward limit was reached</Trans>
      </span>
    );
  }
  return (
    <span className="request-row__amount num" data-testid="invitee-reward">
      +{formatMoney(BigInt(invitee.rewardYen), "JPY", locale)}
    </span>
  );
}
