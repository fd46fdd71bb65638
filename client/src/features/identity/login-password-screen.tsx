import { identityApi } from "@kabuto/shared/endpoints/identity";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { type LoginPasswordDraft, loginPasswordErrors } from "./identity-forms.ts";
import { SignInNeeded } from "./identity-parts.tsx";
import "./identity.css";

/** `/user/loginPassword`: changes the login password; the current one proves who asks. */
export function LoginPasswordScreen() {
  const session = useSessionState();
  return (
    <>
      <PageHeader back="/user/setting" title={<Trans>Login password</Trans>} />
      <main className="form-page">{session ? <Form /> : <SignInNeeded />}</main>
    </>
  );
}

function Form() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<LoginPasswordDraft>({
    oldPassword: "",
    password: "",
    passwordConfirm: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  function edit(field: keyof LoginPasswordDraft, value: string) {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = loginPasswordErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await call(identityApi.changePassword, { body: draft });
      notifySuccess(t`Password changed`);
      navigate("/user/setting", { replace: true });
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(error.code === "OLD_PASSWORD_WRONG" ? { oldPassword: error.code } : error.fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="login-password-form">
      <TextField
        id="password-old"
        label={<Trans>Current password</Trans>}
        type="password"
        autoComplete="current-password"
        value={draft.oldPassword}
        onChange={(event) => edit("oldPassword", event.target.value)}
        error={errors.oldPassword}
      />
      <TextField
        id="password-new"
        label={<Trans>New password</Trans>}
        type="password"
        autoComplete="new-password"
        placeholder={t`8 or more letters or digits`}
        value={draft.password}
        onChange={(event) => edit("password", event.target.value)}
        error={errors.password}
      />
      <TextField
        id="password-confirm"
        label={<Trans>New password again</Trans>}
        type="password"
        autoComplete="new-password"
        value={draft.passwordConfirm}
        onChange={(event) => edit("passwordConfirm", event.target.value)}
        error={errors.passwordConfirm}
      />
      <p className="field__hint">
        <Trans>Other devices signed in to your account will be signed out.</Trans>
      </p>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        <Trans>Change password</Trans>
      </button>
    </form>
  );
}
