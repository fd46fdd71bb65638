import { identityApi } from "@kabuto/shared/endpoints/identity";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import {
  buildFundPassword,
  type FundPasswordDraft,
  type FundPasswordMode,
  fundPasswordFieldErrors,
} from "./identity-forms.ts";
import { LoadProblem, SignInNeeded } from "./identity-parts.tsx";
import "./identity.css";

/**
 * `/user/setPassword`: sets the six-digit fund password withdrawals ask for, or changes it. A
 * first one is proved with the login password, a change with the current fund password.
 * `?back=` names the screen to return to (the withdrawal form sends members here).
 */
export function FundPasswordScreen() {
  const session = useSessionState();
  const security = useEndpoint(identityApi.security, {});
  return (
    <>
      <PageHeader back="/user/setting" title={<Trans>Fund password</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && security.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && security.status === "error" && (
          <LoadProblem error={security.error} onRetry={security.reload} />
        )}
        {session && security.status === "ready" && (
          <Form mode={security.value.fundPasswordSet ? "change" : "set"} />
        )}
      </main>
    </>
  );
}

/** Where to go once done: back to the withdrawal form when it sent the member here, else to settings. */
function returnPath(search: string): string {
  return new URLSearchParams(search).get("back") === "/user/withdraw" ? "/user/withdraw" : "/user/setting";
}

function Form({ mode }: { mode: FundPasswordMode }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [draft, setDraft] = useState<FundPasswordDraft>({
    proof: "",
    fundPassword: "",
    fundPasswordConfirm: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  function edit(field: keyof FundPasswordDraft, value: string) {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = buildFundPassword(draft, mode);
    setErrors(built.errors ?? {});
    if (built.errors) return;
    setBusy(true);
    try {
      await call(identityApi.setFundPassword, { body: built.body });
      notifySuccess(mode === "set" ? t`Fund password set` : t`Fund password changed`);
      navigate(returnPath(search), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        const proofCodes = [
          "OLD_PASSWORD_WRONG",
          "LOGIN_FAILED",
          "FUND_PASSWORD_WRONG",
          "FUND_PASSWORD_THROTTLED",
        ];
        setErrors(
          proofCodes.includes(error.code) ? { proof: error.code } : fundPasswordFieldErrors(error.fields),
        );
      }
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  const digits = { type: "password", inputMode: "numeric", autoComplete: "off", maxLength: 6 } as const;
  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="fund-password-form" data-mode={mode}>
      <p className="panel__text">
        {mode === "set" ? (
          <Trans>Set a six-digit fund password. Withdrawals ask for it.</Trans>
        ) : (
          <Trans>Change your six-digit fund password.</Trans>
        )}
      </p>
      {mode === "set" ? (
        <TextField
          id="fund-proof"
          label={<Trans>Login password</Trans>}
          type="password"
          autoComplete="current-password"
          value={draft.proof}
          onChange={(event) => edit("proof", event.target.value)}
          error={errors.proof}
        />
      ) : (
        <TextField
          id="fund-proof"
          label={<Trans>Current fund password</Trans>}
          {...digits}
          value={draft.proof}
          onChange={(event) => edit("proof", event.target.value)}
          error={errors.proof}
        />
      )}
      <TextField
        id="fund-new"
        label={<Trans>New fund password (6 digits)</Trans>}
        {...digits}
        value={draft.fundPassword}
        onChange={(event) => edit("fundPassword", event.target.value)}
        error={errors.fundPassword}
      />
      <TextField
        id="fund-confirm"
        label={<Trans>New fund password again</Trans>}
        {...digits}
        value={draft.fundPasswordConfirm}
        onChange={(event) => edit("fundPasswordConfirm", event.target.value)}
        error={errors.fundPasswordConfirm}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {mode === "set" ? <Trans>Set fund password</Trans> : <Trans>Change fund password</Trans>}
      </button>
    </form>
  );
}
