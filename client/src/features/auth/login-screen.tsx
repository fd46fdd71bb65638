import { loginRequestSchema } from "@kabuto/shared/api/auth";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { login } from "./auth-api.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "./form-errors.ts";
import "./auth.css";

/** SMS sign-in, with the number typed so far. */
function smsRequestPath(account: string): string {
  const typed = account.trim();
  return typed ? `/login/logon?account=${encodeURIComponent(typed)}` : "/login/logon";
}

/** The seeded demo member of embedded mode (see the README); the button only fills the form. */
const demoMember = { account: "09012345678", password: "demo1234" };

/** Sign-in: account, password and the privacy agreement (spec section 5). */
export function LoginScreen() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** Sign-in is slowed down for this account: the SMS code is the way in now. */
  const [throttled, setThrottled] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ account, password });
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    if (!agreed) found.privacy = "PRIVACY_NOT_ACCEPTED";
    setErrors(found);
    if (!parsed.success || !agreed) return;
    setBusy(true);
    try {
      await login(parsed.data);
      notifySuccess(t`Signed in`);
      navigate("/home/index", { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      setThrottled(error instanceof ApiError && error.code === "LOGIN_THROTTLED");
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader back="/login/start" title={<Trans>Sign in</Trans>} />
      <main className="auth">
        <form className="auth__form" onSubmit={submit} noValidate>
          <TextField
            id="login-account"
            label={<Trans>Mobile number</Trans>}
            type="tel"
            inputMode="numeric"
            autoComplete="username"
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            error={errors.account}
          />
          <TextField
            id="login-password"
            label={<Trans>Password</Trans>}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <CheckField id="login-privacy" checked={agreed} onChange={setAgreed} error={errors.privacy}>
            <Trans>I have read and agree to the privacy policy.</Trans>
          </CheckField>
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            <Trans>Sign in</Trans>
          </button>
        </form>
        {throttled && (
          <p className="auth__notice" role="status" data-testid="login-throttled">
            <Trans>Password sign-in is paused for this number after too many attempts.</Trans>{" "}
            <Link href={smsRequestPath(account)}>{t`Sign in with an SMS code`}</Link>
          </p>
        )}
        {!throttled && (
          <p className="auth__switch">
            <Link href={smsRequestPath(account)} data-testid="login-sms-link">
              {t`Sign in with an SMS code`}
            </Link>
          </p>
        )}
        <button
          type="button"
          className="demo-hint"
          onClick={() => {
            setAccount(demoMember.account);
            setPassword(demoMember.password);
            setErrors({});
          }}
        >
          <span className="demo-hint__title">
            <Trans>Try the demo</Trans>
          </span>
          <span className="demo-hint__text">
            <Trans>Fills in the demo member's number and password.</Trans>
          </span>
        </button>
        <p className="auth__switch">
          <Trans>New to Kabuto?</Trans> <Link href="/login/register">{t`Create an account`}</Link>
        </p>
        <p className="auth__switch">
          <Link href="/proof" data-testid="login-proof-link">
            <Trans>Proof of liabilities: check what we owe our members</Trans>
          </Link>
        </p>
      </main>
    </>
  );
}
