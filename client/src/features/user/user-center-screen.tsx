import type { Me } from "@kabuto/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import {
  IconChevron,
  IconCopy,
  IconGlobe,
  IconLogout,
  IconMine,
  IconReceipt,
  IconTicket,
} from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { localeEndonyms } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useAsync } from "../../lib/use-async.ts";
import { useSessionState } from "../../state/session.ts";
import { fetchMe, logout } from "../auth/auth-api.ts";
import { AccountFunds } from "../trading/account-funds.tsx";
import "./user.css";

/** `09012345678` → `090-1234-5678`: how Japanese mobile numbers are read. */
function groupedNumber(account: string): string {
  const match = /^(0[789]0)(\d{4})(\d{4})$/.exec(account);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : account;
}

/**
 * The Mine tab: who is signed in, their money per currency (live with the positions' P&L), fund
 * records, invitation code, language and sign-out. Deposit, withdrawal and exchange come with
 * their own issue; until then they are left out rather than shown dead.
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
  const me = useAsync(account, fetchMe);
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
      <ul className="menu">
        <li>
          <Link href="/user/FundingDetails" className="menu__item menu__item--link">
            <span className="menu__icon">
              <IconReceipt />
            </span>
            <span className="menu__label">
              <Trans>Fund records</Trans>
            </span>
            <IconChevron className="menu__chevron" />
          </Link>
        </li>
        <li className="menu__item">
          <span className="menu__icon">
            <IconTicket />
          </span>
          <span className="menu__label">
            <Trans>My invitation code</Trans>
          </span>
          {me.status === "ready" ? <InviteCode code={me.value.inviteCode} /> : <span className="skeleton" />}
        </li>
      </ul>
      <Settings />
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
  const labels: Record<Me["verification"], React.ReactNode> = {
    unverified: <Trans>Not verified</Trans>,
    pending: <Trans>Verification under review</Trans>,
    verified: <Trans>Verified</Trans>,
    rejected: <Trans>Verification rejected</Trans>,
  };
  return (
    <span className="profile__status" data-status={status}>
      {labels[status]}
    </span>
  );
}

function InviteCode({ code }: { code: string }) {
  const { t } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      notifySuccess(t`Copied`);
    } catch {
      // Clipboard refused (insecure page or permission): the code stays selectable on screen.
    }
  }
  return (
    <span className="invite-code">
      <span className="invite-code__value num" data-testid="invite-code">
        {code}
      </span>
      <button type="button" className="icon-button" aria-label={t`Copy invitation code`} onClick={copy}>
        <IconCopy />
      </button>
    </span>
  );
}

function Settings() {
  const locale = useLocale();
  return (
    <ul className="menu">
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
    </ul>
  );
}
