import { smsLoginRequestSchema } from "@kabuto/shared/api/auth";
import { authApi } from "@kabuto/shared/endpoints/auth";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifyInfo, notifySuccess } from "../../lib/notify.ts";
import { smsLogin } from "./auth-api.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "./form-errors.ts";
import "./auth.css";

/** A text can take a while: a new code may be asked for after this long. */
const resendAfterSeconds = 60;

/** Seconds left before another code may be asked for, counting down once a second. */
function useCountdown(initial: number): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** SMS sign-in, second step (the spec's `/login/logon2`): the code from the text. */
export function SmsLoginScreen() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const account = new URLSearchParams(useSearch()).get("account") ?? "";
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useCountdown(resendAfterSeconds);

  if (!account) return <Redirect to="/login/logon" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = smsLoginRequestSchema.safeParse({ account, code });
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return;
    setBusy(true);
    try {
      await smsLogin(parsed.data);
      notifySuccess(t`Signed in`);
      navigate("/home/index", { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else if (error instanceof ApiError && error.code === "SMS_CODE_WRONG") setErrors({ code: error.code });
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setResendIn(resendAfterSeconds);
    try {
      await call(authApi.smsCode, { body: { account } });
      setCode("");
      setErrors({});
      notifyInfo(t`A new code is on its way.`);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <PageHeader back="/login/logon" title={<Trans>Enter the code</Trans>} />
      <main className="auth">
        <p className="auth__lead">
          <Trans>
            Enter the 6-digit code we texted to {account}. It is valid for 5 minutes, in this browser only.
          </Trans>
        </p>
        <form className="auth__form" onSubmit={submit} noValidate>
          <TextField
            id="sms-code"
            label={<Trans>Code</Trans>}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
            error={errors.code ?? errors.account}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            <Trans>Sign in</Trans>
          </button>
        </form>
        <p className="auth__switch">
          {resendIn > 0 ? (
            <Trans>You can ask for a new code in {resendIn} s.</Trans>
          ) : (
            <button type="button" className="auth__text-button" onClick={resend}>
              <Trans>Send a new code</Trans>
            </button>
          )}
        </p>
        <p className="auth__switch">
          <Link href="/login/login">{t`Sign in with your password`}</Link>
        </p>
      </main>
    </>
  );
}
