import { AlertDialog } from "@base-ui/react/alert-dialog";
import { tradingPinApi } from "@kabuto/shared/endpoints/trading-pin";
import { confirmStepFor } from "@kabuto/shared/trading-pin/rules";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { notifyError } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { readConfirmOnDevice } from "./confirm-setting.ts";
import { isPinRefusal } from "./pin-refusal.ts";
import "./trading-pin.css";

/** One line of what is about to happen: an order's side, its quantity, what it takes. */
export interface ConfirmRow {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  /** The line that sums it up (the total an order takes), set apart. */
  strong?: boolean;
}

/** What a flow asks the member to confirm, and how it sends it once they do. */
export interface ConfirmRequest {
  title: ReactNode;
  rows: readonly ConfirmRow[];
  /** A sentence under the figures (the day trade's cut-off, the copy's risk). */
  note?: ReactNode;
  confirmLabel: ReactNode;
  /**
   * Sends the request with the member's PIN (undefined without one) and tells the member how it
   * went, as the flow always did; it rethrows a refusal of the PIN (`isPinRefusal`), which the
   * step answers by asking for the PIN again.
   */
  send: (pin: string | undefined) => Promise<void>;
}

interface Open {
  request: ConfirmRequest;
  withPin: boolean;
}

/**
 * The confirmation step before money moves: a flow calls `ask` where it used to send, and renders
 * `element`. The step restates the request, asks for the trading PIN when the member has one,
 * sends on Confirm, and on Back returns to the form just as it was. Switched off on this device
 * (and with no PIN), `ask` sends at once; a PIN set elsewhere meanwhile brings the step back,
 * asking for it.
 */
export function useConfirmStep(): { ask: (request: ConfirmRequest) => void; element: ReactNode } {
  const pinStatus = useEndpoint(tradingPinApi.status, {});
  const [open, setOpen] = useState<Open | undefined>();
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function run(request: ConfirmRequest, given: string | undefined) {
    setBusy(true);
    try {
      await request.send(given);
      setOpen(undefined);
    } catch (refusal) {
      if (isPinRefusal(refusal)) {
        // Asked again, with why: a PIN set on another device meanwhile, a wrong one, or a wait.
        setOpen({ request, withPin: true });
        setError(errorCode(refusal));
        setPin("");
      } else {
        // The flow let a refusal through: back to the form, and say what it was.
        setOpen(undefined);
        notifyError(refusal);
      }
    } finally {
      setBusy(false);
    }
  }

  function ask(request: ConfirmRequest) {
    if (busy) return;
    const step = confirmStepFor({
      confirmOnDevice: readConfirmOnDevice(),
      pinSet: pinStatus.status === "ready" && pinStatus.value.set,
    });
    setPin("");
    setError(undefined);
    if (step === "send") void run(request, undefined);
    else setOpen({ request, withPin: step === "confirm-with-pin" });
  }

  const element = (
    <ConfirmStep
      open={open}
      pin={pin}
      error={error}
      busy={busy}
      onPin={(value) => {
        setPin(value);
        setError(undefined);
      }}
      onBack={() => {
        if (!busy) setOpen(undefined);
      }}
      onConfirm={() => {
        if (!open) return;
        if (open.withPin && !/^\d{6}$/.test(pin)) {
          setError("TRADING_PIN_INVALID");
          return;
        }
        void run(open.request, open.withPin ? pin : undefined);
      }}
    />
  );
  return { ask, element };
}

function ConfirmStep({
  open,
  pin,
  error,
  busy,
  onPin,
  onBack,
  onConfirm,
}: {
  open: Open | undefined;
  pin: string;
  error: string | undefined;
  busy: boolean;
  onPin: (pin: string) => void;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { i18n } = useLingui();
  const pinRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Kept while the dialog closes, so its content does not vanish before its exit transition.
  const [shown, setShown] = useState<Open | undefined>(open);
  if (open && open !== shown) setShown(open);
  // Asked again after a refusal, the PIN field takes the focus back from the confirm button.
  useEffect(() => {
    if (open?.withPin) pinRef.current?.focus();
  }, [open]);
  const request = (open ?? shown)?.request;
  const withPin = (open ?? shown)?.withPin ?? false;

  function submit(event: FormEvent) {
    event.preventDefault();
    // React carries events up its own tree, through the portal: the form that opened the step
    // must not hear this submit as its own.
    event.stopPropagation();
    onConfirm();
  }

  return (
    <AlertDialog.Root open={open !== undefined} onOpenChange={(next) => (next ? undefined : onBack())}>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup
          className="dialog confirm-step"
          data-testid="confirm-step"
          data-pin={withPin ? true : undefined}
          initialFocus={withPin ? pinRef : confirmRef}
        >
          <AlertDialog.Title className="dialog__title">{request?.title}</AlertDialog.Title>
          <AlertDialog.Description className="confirm-step__lead">
            <Trans>Check the details. Nothing is sent until you confirm.</Trans>
          </AlertDialog.Description>
          <dl className="confirm-step__rows">
            {request?.rows.map((row, index) => (
              <div
                // Rows are a fixed list per request: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                className={row.strong ? "confirm-step__row confirm-step__row--strong" : "confirm-step__row"}
              >
                <dt>{row.label}</dt>
                <dd className="num" data-testid={row.testId}>
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          {request?.note && <p className="confirm-step__note">{request.note}</p>}
          <form className="confirm-step__form" onSubmit={submit} noValidate>
            {withPin && (
              <div className="field">
                <label className="field__label" htmlFor="confirm-pin">
                  <Trans>Trading PIN (6 digits)</Trans>
                </label>
                <input
                  ref={pinRef}
                  id="confirm-pin"
                  className="field__input confirm-step__pin"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                  value={pin}
                  onChange={(event) => onPin(event.target.value.replace(/\D/g, ""))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "confirm-pin-error" : undefined}
                  data-testid="confirm-pin"
                />
                {error && (
                  <p id="confirm-pin-error" className="field__error" role="alert">
                    {errorMessage(i18n, error)}
                  </p>
                )}
              </div>
            )}
            <div className="dialog__actions">
              <button
                type="button"
                className="button button--outline"
                onClick={onBack}
                disabled={busy}
                data-testid="confirm-back"
              >
                <Trans context="go back">Back</Trans>
              </button>
              <button
                ref={confirmRef}
                type="submit"
                className="button button--primary"
                disabled={busy}
                aria-busy={busy || undefined}
                data-testid="confirm-send"
              >
                {request?.confirmLabel}
              </button>
            </div>
          </form>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
