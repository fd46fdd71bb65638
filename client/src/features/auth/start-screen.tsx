import { Trans } from "@lingui/react/macro";
import { Link, Redirect } from "wouter";
import { KabutoMark } from "../../app/icons.tsx";
import { LanguageSwitch } from "../../i18n/language-switch.tsx";
import { useSessionState } from "../../state/session.ts";
import "./auth.css";

/** The welcome screen: the brand, the two ways in, and the language. */
export function StartScreen() {
  const session = useSessionState();
  if (session) return <Redirect to="/home/index" replace />;
  return (
    <main className="start">
      <div className="start__hero">
        <KabutoMark className="start__mark" />
        <h1 className="start__brand">
          <Trans>Kabuto</Trans>
        </h1>
        <p className="start__tagline">
          <Trans>Japanese and US stocks, live in your hand.</Trans>
        </p>
      </div>
      <div className="start__actions">
        <Link href="/login/login" className="button button--primary button--block">
          <Trans>Sign in</Trans>
        </Link>
        <Link href="/login/register" className="button button--outline button--block">
          <Trans>Create an account</Trans>
        </Link>
        <Link href="/market/market" className="button button--ghost button--block">
          <Trans>Browse quotes first</Trans>
        </Link>
      </div>
      <LanguageSwitch />
    </main>
  );
}
