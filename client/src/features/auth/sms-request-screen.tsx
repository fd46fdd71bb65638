import { smsCodeRequestSchema } from "@kabuto/shared/api/auth";
import { authApi } from "@kabuto/shared/endpoints/auth";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError } from "../../lib/notify.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "./form-errors.ts";
import "./auth.css";

/** Where the code is entered, for this number. */
export function smsCodePath(account: string): string {
  return `/login/logon2?account=${encodeURIComponent(account)}`;
}

/**
 * SMS sign-in, first step (the spec's `/login/logon`): the mobile number, then a code by text.
 * The way in while password sign-in is slowed down by someone else's guesses.
 */
export function SmsRequestScreen() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [account, setAccount] = useState(new URLSearchParams(useSearch()).get("account") ?? "");
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = smsCodeRequestSchema.safeParse({ account });
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    if (!agreed) found.privacy = "PRIVACY_NOT_ACCEPTED";
    setErrors(found);
    if (!parsed.success || !agreed) return;
    setBusy(true);
    try {
      await call(authApi.smsCode, { body: parsed.data });
      navigate(smsCodePath(parsed.data.account));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader back="/login/login" title={<Trans>Sign in with an SMS code</Trans>} />
      <main className="auth">
        <p className="auth__lead">
          <Trans>We will text a 6-digit sign-in code to your mobile number.</Trans>
        </p>
        <form className="auth__form" onSubmit={submit} noValidate>
          <TextField
            id="sms-account"
            label={<Trans>Mobile number</Trans>}
            type="tel"
            inputMode="numeric"
            autoComplete="username"
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            error={errors.account}
          />
          <CheckField id="sms-privacy" checked={agreed} onChange={setAgreed} error={errors.privacy}>
            <Trans>I have read and agree to the privacy policy.</Trans>
          </CheckField>
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            <Trans>Send code</Trans>
          </button>
        </form>
        <p className="auth__switch">
          <Link href="/login/login">{t`Sign in with your password`}</Link>
        </p>
      </main>
    </>
  );
}
