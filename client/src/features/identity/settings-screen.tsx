import { identityApi } from "@kabuto/shared/endpoints/identity";
import { tradingPinApi } from "@kabuto/shared/endpoints/trading-pin";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { IconChevron } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { localeEndonyms } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded, VerificationTag } from "./identity-parts.tsx";
import "./identity.css";

/** `/user/setting`: security and account settings. */
export function SettingsScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Settings</Trans>} />
      <main className="form-page">{session ? <Menu /> : <SignInNeeded />}</main>
    </>
  );
}

function Item({
  href,
  label,
  value,
  testId,
}: {
  href: string;
  label: ReactNode;
  value?: ReactNode;
  testId?: string;
}) {
  return (
    <li>
      <Link href={href} className="settings-item" data-testid={testId}>
        <span className="settings-item__label">{label}</span>
        {value !== undefined && <span className="settings-item__value">{value}</span>}
        <IconChevron className="settings-item__chevron" />
      </Link>
    </li>
  );
}

function Menu() {
  const locale = useLocale();
  const security = useEndpoint(identityApi.security, {});
  const cards = useEndpoint(identityApi.cards, {});
  const pin = useEndpoint(tradingPinApi.status, {});
  const loading = <span className="skeleton" />;
  return (
    <>
      {security.status === "error" && <LoadProblem error={security.error} />}
      <h2 className="settings-group">
        <Trans>Security</Trans>
      </h2>
      <ul className="settings-list">
        <Item
          href="/user/loginPassword"
          label={<Trans>Login password</Trans>}
          value={<Trans context="settings action">Change</Trans>}
        />
        <Item
          href="/user/setPassword"
          label={<Trans>Fund password</Trans>}
          testId="settings-fund-password"
          value={
            security.status !== "ready" ? (
              loading
            ) : security.value.fundPasswordSet ? (
              <Trans>Set</Trans>
            ) : (
              <span className="settings-item__todo">
                <Trans>Not set</Trans>
              </span>
            )
          }
        />
        <Item
          href="/user/tradingPin"
          label={<Trans>Order confirmation and trading PIN</Trans>}
          testId="settings-trading-pin"
          value={
            pin.status !== "ready" ? (
              loading
            ) : pin.value.set ? (
              <Trans context="trading PIN">PIN set</Trans>
            ) : (
              <Trans context="trading PIN">No PIN</Trans>
            )
          }
        />
      </ul>
      <h2 className="settings-group">
        <Trans>Identity and bank</Trans>
      </h2>
      <ul className="settings-list">
        <Item
          href="/user/bandCard"
          label={<Trans>Real-name verification</Trans>}
          value={
            security.status === "ready" ? <VerificationTag status={security.value.verification} /> : loading
          }
        />
        <Item
          href="/user/BankCard"
          label={<Trans>Bank cards</Trans>}
          value={cards.status === "ready" ? <span className="num">{cards.value.items.length}</span> : loading}
        />
      </ul>
      <h2 className="settings-group">
        <Trans>App</Trans>
      </h2>
      <ul className="settings-list">
        <Item href="/user/changeLang" label={<Trans>Language</Trans>} value={localeEndonyms[locale]} />
      </ul>
    </>
  );
}
