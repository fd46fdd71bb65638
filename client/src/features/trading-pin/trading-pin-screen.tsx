import { tradingPinApi } from "@kabuto/shared/endpoints/trading-pin";
import { tradingPinProblem } from "@kabuto/shared/trading-pin/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { CheckField, TextField } from "../../app/text-field.tsx";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { useConfirmOnDevice, writeConfirmOnDevice } from "./confirm-setting.ts";
import "./trading-pin.css";

/**
 * `/user/tradingPin`: the confirmation step on this device, and the optional trading PIN that
 * every order, copy, IPO payment, block application and repayment then asks for.
 */
export function TradingPinScreen() {
  const session = useSessionState();
  const status = useEndpoint(tradingPinApi.status, {});
  return (
    <>
      <PageHeader back="/user/setting" title={<Trans>Order confirmation and trading PIN</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && status.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && status.status === "error" && <LoadProblem error={status.error} onRetry={status.reload} />}
        {session && status.status === "ready" && (
          <>
            <DeviceSetting pinSet={status.value.set} />
            <PinForm pinSet={status.value.set} />
          </>
        )}
      </main>
    </>
  );
}

/** The switch kept on this device: whether orders and the other money movements stop to confirm. */
function DeviceSetting({ pinSet }: { pinSet: boolean }) {
  const on = useConfirmOnDevice();
  return (
    <section className="panel" data-testid="confirm-setting">
      <h2 className="panel__title">
        <Trans>Confirmation on this device</Trans>
      </h2>
      <CheckField id="confirm-on-device" checked={on} onChange={writeConfirmOnDevice}>
        <Trans>Show a confirmation screen before an order, a copy, a payment or a repayment is sent</Trans>
      </CheckField>
      <p className="field__hint">
        {pinSet ? (
          <Trans>
            Switched off, orders go without the confirmation screen on this device only. Your trading PIN is
            still asked every time.
          </Trans>
        ) : (
          <Trans>
            Switched off, orders go on the first tap on this device only. Switch it off only on a device no
            one else uses.
          </Trans>
        )}
      </p>
    </section>
  );
}

type Proof = "login" | "fund";

/** Sets, changes or removes the PIN; the login password or the fund password proves who asks. */
function PinForm({ pinSet }: { pinSet: boolean }) {
  const { t } = useLingui();
  const [proofKind, setProofKind] = useState<Proof>("login");
  const [proof, setProof] = useState("");
  const [pin, setPin] = useState("");
  const [pinConfirm, setPinConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const proofBody = () => (proofKind === "login" ? { loginPassword: proof } : { fundPassword: proof });

  function missingProof(): boolean {
    if (proof !== "") return false;
    setErrors({ proof: "TRADING_PIN_PROOF_REQUIRED" });
    return true;
  }

  function failed(error: unknown) {
    if (error instanceof ApiError) {
      const proofCodes = [
        "TRADING_PIN_PROOF_REQUIRED",
        "OLD_PASSWORD_WRONG",
        "LOGIN_THROTTLED",
        "FUND_PASSWORD_NOT_SET",
        "FUND_PASSWORD_WRONG",
        "FUND_PASSWORD_THROTTLED",
      ];
      if (proofCodes.includes(error.code)) setErrors({ proof: error.code });
      else setErrors({ ...error.fields });
    }
    notifyError(error);
  }

  function done() {
    setProof("");
    setPin("");
    setPinConfirm("");
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = tradingPinProblem(pin);
    const next: FieldErrors = {};
    if (problem) next.pin = problem;
    else if (pin !== pinConfirm) next.pinConfirm = "PASSWORDS_DIFFER";
    if (proof === "") next.proof = "TRADING_PIN_PROOF_REQUIRED";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await call(tradingPinApi.set, { body: { ...proofBody(), pin, pinConfirm } });
      notifySuccess(pinSet ? t`Trading PIN changed` : t`Trading PIN set`);
      done();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (missingProof()) return;
    setBusy(true);
    try {
      await call(tradingPinApi.remove, { body: proofBody() });
      notifySuccess(t`Trading PIN removed`);
      done();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  const digits = { type: "password", inputMode: "numeric", autoComplete: "off", maxLength: 6 } as const;
  return (
    <form
      className="panel"
      onSubmit={submit}
      noValidate
      data-testid="trading-pin-form"
      data-set={pinSet ? true : undefined}
    >
      <h2 className="panel__title">
        <Trans>Trading PIN</Trans>{" "}
        <span className="settings-item__value" data-testid="trading-pin-status">
          {pinSet ? <Trans>Set</Trans> : <Trans>Not set</Trans>}
        </span>
      </h2>
      <p className="panel__text">
        <Trans>
          With a six-digit trading PIN, every order, copy, IPO payment, block application and repayment asks
          for it before it is sent, on every device.
        </Trans>
      </p>
      <ChoiceChips
        name="pin-proof"
        legend={<Trans>Confirm it is you with</Trans>}
        value={proofKind}
        onChange={(value) => {
          setProofKind(value);
          setProof("");
          setErrors({});
        }}
        choices={[
          { value: "login", label: <Trans>Login password</Trans> },
          { value: "fund", label: <Trans>Fund password</Trans> },
        ]}
      />
      <TextField
        id="pin-proof-value"
        label={proofKind === "login" ? <Trans>Login password</Trans> : <Trans>Fund password</Trans>}
        {...(proofKind === "login"
          ? { type: "password", autoComplete: "current-password" }
          : { ...digits, autoComplete: "off" })}
        value={proof}
        onChange={(event) => {
          setProof(event.target.value);
          setErrors({});
        }}
        error={errors.proof}
      />
      <TextField
        id="pin-new"
        label={pinSet ? <Trans>New trading PIN (6 digits)</Trans> : <Trans>Trading PIN (6 digits)</Trans>}
        {...digits}
        value={pin}
        onChange={(event) => {
          setPin(event.target.value);
          setErrors({});
        }}
        error={errors.pin}
      />
      <TextField
        id="pin-confirm"
        label={<Trans>Trading PIN again</Trans>}
        {...digits}
        value={pinConfirm}
        onChange={(event) => {
          setPinConfirm(event.target.value);
          setErrors({});
        }}
        error={errors.pinConfirm}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        data-testid="pin-save"
      >
        {pinSet ? <Trans>Change trading PIN</Trans> : <Trans>Set trading PIN</Trans>}
      </button>
      {pinSet && (
        <button
          type="button"
          className="button button--outline button--block"
          disabled={busy}
          onClick={remove}
          data-testid="pin-remove"
        >
          <Trans>Remove trading PIN</Trans>
        </button>
      )}
    </form>
  );
}
