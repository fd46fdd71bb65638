import { registerRequestSchema } from "@kabuto/shared/api/auth";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { InviteCodeNote } from "../rewards/invite-promo.tsx";
import { register } from "./auth-api.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "./form-errors.ts";
import "./auth.css";

/**
 * Registration (spec section 5). The form is checked with the server's own schema before it is
 * sent; whatever the server still refuses comes back per field in `details.fields`.
 */
export function RegisterScreen() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const invited = new URLSearchParams(useSearch()).get("invite") ?? "";
  const [form, setForm] = useState({
    account: "",
    password: "",
    passwordConfirm: "",
    inviteCode: invited,
    acceptTerms: false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  function field<K extends keyof typeof form>(name: K, value: (typeof form)[K]) {
    setForm((current) => ({ ...current, [name]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerRequestSchema.safeParse(form);
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    // The schema leaves the code optional for servers that allow it; this one requires it (spec section 5).
    if (!form.inviteCode.trim()) found.inviteCode = "INVITE_CODE_REQUIRED";
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await register(parsed.data);
      notifySuccess(t`Welcome to Kabuto`);
      navigate("/home/index", { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader back="/login/start" title={<Trans>Create an account</Trans>} />
      <main className="auth">
        <form className="auth__form" onSubmit={submit} noValidate>
          <TextField
            id="register-account"
            label={<Trans>Mobile number</Trans>}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t`e.g. 09012345678`}
            value={form.account}
            onChange={(event) => field("account", event.target.value)}
            error={errors.account}
          />
          <TextField
            id="register-password"
            label={<Trans>Password</Trans>}
            type="password"
            autoComplete="new-password"
            placeholder={t`8 or more letters or digits`}
            value={form.password}
            onChange={(event) => field("password", event.target.value)}
            error={errors.password}
          />
          <TextField
            id="register-confirm"
            label={<Trans>Confirm password</Trans>}
            type="password"
            autoComplete="new-password"
            value={form.passwordConfirm}
            onChange={(event) => field("passwordConfirm", event.target.value)}
            error={errors.passwordConfirm}
          />
          <TextField
            id="register-invite"
            label={<Trans>Invitation code</Trans>}
            autoCapitalize="characters"
            autoComplete="off"
            value={form.inviteCode}
            onChange={(event) => field("inviteCode", event.target.value)}
            error={errors.inviteCode}
          />
          <InviteCodeNote />
          <CheckField
            id="register-terms"
            checked={form.acceptTerms}
            onChange={(checked) => field("acceptTerms", checked)}
            error={errors.acceptTerms}
          >
            <Trans>I have read and accept the terms of service and the privacy policy.</Trans>
          </CheckField>
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            <Trans>Create account</Trans>
          </button>
        </form>
        <p className="auth__switch">
          <Trans>Already a member?</Trans> <Link href="/login/login">{t`Sign in`}</Link>
        </p>
      </main>
    </>
  );
}
