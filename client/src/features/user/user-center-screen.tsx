import type { Me } from "@kabuto/shared/api/auth";
import { authApi } from "@kabuto/shared/endpoints/auth";
import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { Link, useLocation } from "wouter";
import { partsOf } from "../../app/feature.ts";
import { features } from "../../app/features.ts";
import { IconChevron, IconGlobe, IconLogout, IconMine, IconTrade } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { localeEndonyms } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { notifyError } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { logout } from "../auth/auth-api.ts";
import { verificationLabels } from "../identity/identity-parts.tsx";
import { CheckInCard } from "../rewards/check-in-card.tsx";
import { AccountFunds } from "../trading/account-funds.tsx";
import { IconDeposit, IconInfo, IconShield, IconWithdraw } from "./user-icons.tsx";
import "./user.css";

/** Mine's menu: each feature's rows. */
const mineRows = partsOf(features, "mineRows");

/** `09012345678` → `090-1234-5678`: how Japanese mobile numbers are read. */
function groupedNumber(account: string): string {
  const match = /^(0[789]0)(\d{4})(\d{4})$/.exec(account);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : account;
}

/**
 * The Mine tab: who is signed in, their money per currency (live with the positions' P&L) with
 * the account centre's deposit, withdraw and exchange actions (spec section 2), fund records,
 * verification, the daily check-in, rewards, loans, the invitation screen, settings, language
 * and sign-out.
 */
export function UserCenterScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader title={<Trans>Mine</Trans>} />
      {session ? <SignedIn account={session.account} /> : <SignedOut />}
    </>
  );
}

function SignedOut() {
  return (
    <main className="mine">
      <section className="profile">
        <span className="profile__avatar">
          <IconMine />
        </span>
        <p className="profile__hint">
          <Trans>Sign in to see your account.</Trans>
        </p>
      </section>
      <div className="mine__actions">
        <Link href="/login/login" className="button button--primary button--block">
          <Trans>Sign in</Trans>
        </Link>
        <Link href="/login/register" className="button button--outline button--block">
          <Trans>Create an account</Trans>
        </Link>
      </div>
      <Settings />
    </main>
  );
}

function SignedIn({ account }: { account: string }) {
  const { t } = useLingui();
  const me = useEndpoint(authApi.me, {});
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    try {
      await logout();
    } catch (error) {
      notifyError(error);
    }
    navigate("/login/start", { replace: true });
  }

  return (
    <main className="mine">
      <section className="profile">
        <span className="profile__avatar">
          <IconMine />
        </span>
        <div className="profile__who">
          <span className="profile__account num" data-testid="account">
            {groupedNumber(account)}
          </span>
          {me.status === "ready" && <Verification status={me.value.verification} />}
        </div>
      </section>
      <AccountFunds />
      <nav className="money-actions" aria-label={t`Money`}>
        <Link href="/user/recharge" className="money-actions__item" data-testid="action-deposit">
          <span className="money-actions__icon">
            <IconDeposit />
          </span>
          <Trans>Deposit</Trans>
        </Link>
        <Link href="/user/withdraw" className="money-actions__item" data-testid="action-withdraw">
          <span className="money-actions__icon">
            <IconWithdraw />
          </span>
          <Trans context="cash">Withdraw</Trans>
        </Link>
        <Link href="/user/exchange" className="money-actions__item" data-testid="action-exchange">
          <span className="money-actions__icon">
            <IconTrade />
          </span>
          <Trans>Exchange</Trans>
        </Link>
      </nav>
      <AccountCheckIn />
      <MineMenu />
      <Settings signedIn />
      <div className="mine__actions">
        <button
          type="button"
          className="button button--danger-text button--block"
          onClick={signOut}
          disabled={leaving}
        >
          <IconLogout />
          <Trans>Sign out</Trans>
        </button>
      </div>
    </main>
  );
}

function Verification({ status }: { status: Me["verification"] }) {
  const { i18n } = useLingui();
  return (
    <span className="profile__status" data-status={status}>
      {i18n._(verificationLabels[status])}
    </span>
  );
}

/** Every feature's row of Mine's menu, in their order, each with its figure where it has one. */
function MineMenu() {
  const { i18n } = useLingui();
  return (
    <ul className="menu">
      {mineRows.map((row) => (
        <li key={row.href}>
          <Link href={row.href} className="menu__item menu__item--link" data-testid={row.testId}>
            <span className="menu__icon">
              <row.icon />
            </span>
            <span className="menu__label">{i18n._(row.label)}</span>
            {row.value && (
              <Suspense fallback={<span className="skeleton" />}>
                <row.value />
              </Suspense>
            )}
            <IconChevron className="menu__chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The daily check-in, as on Home: the account centre is the other place members look for it. */
function AccountCheckIn() {
  const rewards = useEndpoint(rewardsApi.summary, {});
  if (rewards.status !== "ready") return null;
  return <CheckInCard rewards={rewards.value} onCheckedIn={rewards.reload} linkToRewards />;
}

/** Settings and security (signed-in members only), the language, which anyone may change, and about. */
function Settings({ signedIn = false }: { signedIn?: boolean }) {
  const locale = useLocale();
  return (
    <ul className="menu">
      {signedIn && (
        <li>
          <Link href="/user/setting" className="menu__item menu__item--link" data-testid="menu-settings">
            <span className="menu__icon">
              <IconShield />
            </span>
            <span className="menu__label">
              <Trans>Settings and security</Trans>
            </span>
            <IconChevron className="menu__chevron" />
          </Link>
        </li>
      )}
      <li>
        <Link href="/user/changeLang" className="menu__item menu__item--link">
          <span className="menu__icon">
            <IconGlobe />
          </span>
          <span className="menu__label">
            <Trans>Language</Trans>
          </span>
          <span className="menu__value">{localeEndonyms[locale]}</span>
          <IconChevron className="menu__chevron" />
        </Link>
      </li>
      <li>
        <Link href="/user/aboutUs" className="menu__item menu__item--link" data-testid="menu-about">
          <span className="menu__icon">
            <IconInfo />
          </span>
          <span className="menu__label">
            <Trans>About Kabuto</Trans>
          </span>
          <IconChevron className="menu__chevron" />
        </Link>
      </li>
    </ul>
  );
}
