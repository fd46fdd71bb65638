import { type Staff, staffLoginRequestSchema } from "@kabuto/shared/api/ops";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { KabutoMark } from "../../app/icons.tsx";
import { call } from "../../lib/api.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "../auth/form-errors.ts";
import { LocaleSelect } from "./ops-layout.tsx";
import { refusedFields, useBusy } from "./parts.tsx";
import { StaffField } from "./staff-fields.tsx";

/** `#/ops/login`: staff sign in here with their own login, never with a member's account. */
export function OpsLoginScreen({ onSignedIn }: { onSignedIn: (staff: Staff) => void }) {
  const { t } = useLingui();
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffLoginRequestSchema.safeParse({ login, password });
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues));
    if (!parsed.success) return;
    void run(
      async () => {
        const { staff } = await call(opsApi.login, { body: parsed.data });
        notifySuccess(t`Signed in`);
        onSignedIn(staff);
      },
      (error) => setErrors((previous) => refusedFields(error) ?? previous),
    );
  }

  return (
    <main className="ops-login">
      <form className="ops-login__card" onSubmit={submit} noValidate>
        <div className="ops-login__brand">
          <KabutoMark />
          <h1>
            <Trans>Operations console</Trans>
          </h1>
          <p className="ops-muted">
            <Trans>For Kabuto staff. Members sign in from the app.</Trans>
          </p>
        </div>
        <StaffField
          id="ops-login"
          label={<Trans>Staff login</Trans>}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={login}
          onChange={(event) => setLogin(event.target.value)}
          field="login"
          error={errors.login}
        />
        <StaffField
          id="ops-password"
          label={<Trans>Password</Trans>}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          field="password"
          error={errors.password}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          <Trans>Sign in</Trans>
        </button>
        <div className="ops-login__locale">
          <LocaleSelect />
        </div>
      </form>
    </main>
  );
}
