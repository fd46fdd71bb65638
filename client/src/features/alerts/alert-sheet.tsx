import { Drawer } from "@base-ui/react/drawer";
import {
  type AlertFrequency,
  type AlertKind,
  alertFrequencies,
  alertKinds,
  isPriceAlert,
  readsFiveMinutes,
  thresholdProblem,
} from "@kabuto/shared/alerts/rules";
import { createAlertSchema } from "@kabuto/shared/api/alerts";
import { alertsApi } from "@kabuto/shared/endpoints/alerts";
import { formatPercent } from "@kabuto/shared/format";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import type { InstrumentSymbol } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { askPushPermission, savePushSubscription } from "../../pwa/push.ts";
import { conditionText, frequencyLabels, kindLabels, priceText } from "./alert-text.ts";
import "./alerts.css";

interface AlertSheetProps {
  symbol: string;
  name: string;
  quote: Pick<Quote, "last" | "changePct"> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Setting a price alert on a stock, as a bottom sheet over its page. */
export function AlertSheet({ symbol, name, quote, open, onOpenChange }: AlertSheetProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Drawer.Portal>
        <Drawer.Backdrop className="sheet-backdrop" />
        <Drawer.Viewport className="sheet-viewport">
          <Drawer.Popup className="sheet" data-testid="alert-sheet">
            <div className="sheet__handle" />
            <Drawer.Content className="sheet__content">
              <Drawer.Title className="order-form__title">
                <Trans>Price alert: {name}</Trans>
              </Drawer.Title>
              <AlertForm symbol={symbol} quote={quote} onDone={() => onOpenChange(false)} />
            </Drawer.Content>
          </Drawer.Popup>
        </Drawer.Viewport>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

/**
 * A first threshold a member is likely to want: 3% away from the price, a 3% day move, a 2% move
 * in five minutes, or three times the usual volume.
 */
function suggested(kind: AlertKind, last: string | undefined): string {
  if (kind === "move_5m") return "2";
  if (kind === "volume_spike") return "3";
  if (!isPriceAlert(kind) || last === undefined) return "3";
  const price = Number(last) * (kind === "price_above" ? 1.03 : 0.97);
  const decimals = last.includes(".") ? Math.min(2, last.length - last.indexOf(".") - 1) : 0;
  return price.toFixed(decimals);
}

function AlertForm({
  symbol,
  quote,
  onDone,
}: {
  symbol: string;
  quote: Pick<Quote, "last" | "changePct"> | null;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [kind, setKind] = useState<AlertKind>("price_above");
  const [threshold, setThreshold] = useState(() => suggested("price_above", quote?.last));
  const [frequency, setFrequency] = useState<AlertFrequency>("once");
  const [error, setError] = useState<FieldError | undefined>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());

  function choose(next: AlertKind) {
    setKind(next);
    setThreshold(suggested(next, quote?.last));
    setError(undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = threshold.trim();
    // The server's own schema says what a threshold may look like; the rules what it may be.
    const problem = createAlertSchema.shape.threshold.safeParse(typed).success
      ? thresholdProblem(kind, typed, quote ?? undefined)
      : "ALERT_THRESHOLD_INVALID";
    setError(problem);
    if (problem) return;
    const body = { symbol: symbol as InstrumentSymbol, kind, threshold: typed, frequency };
    // Asked in the tap itself, the first time only: Safari shows the question only within a tap.
    const permission = askPushPermission().catch(() => "denied" as const);
    setBusy(true);
    try {
      await call(alertsApi.create, { body }, { idempotencyKey: keys.keyFor(JSON.stringify(body)) });
      keys.settle();
      void permission
        .then((answer) => (answer === "granted" ? savePushSubscription() : undefined))
        .catch(() => undefined);
      const condition = conditionText(i18n, body, locale);
      notifySuccess(t`Alert set: ${condition}`);
      onDone();
    } catch (failure) {
      keys.settle(failure);
      const code = errorCode(failure);
      if (failure instanceof ApiError && code.startsWith("ALERT")) setError(code);
      else notifyError(failure);
    } finally {
      setBusy(false);
    }
  }

  // The five-minute figures are the worker's to watch: the sheet has no "now" for them.
  const now =
    quote && !readsFiveMinutes(kind)
      ? isPriceAlert(kind)
        ? priceText(symbol, quote.last, locale)
        : formatPercent(quote.changePct, locale)
      : undefined;

  return (
    <form className="alert-form" onSubmit={submit} noValidate data-testid="alert-form">
      <ChoiceChips
        name="alert-kind"
        legend={<Trans>Tell me when</Trans>}
        value={kind}
        onChange={choose}
        look="chips"
        choices={alertKinds.map((value) => ({ value, label: i18n._(kindLabels[value]) }))}
      />
      <TextField
        id="alert-threshold"
        label={
          isPriceAlert(kind) ? (
            <Trans context="alert threshold">Price</Trans>
          ) : kind === "volume_spike" ? (
            <Trans>Times the usual 5 minutes' volume</Trans>
          ) : (
            <Trans>Change (%)</Trans>
          )
        }
        inputMode="decimal"
        autoComplete="off"
        value={threshold}
        onChange={(event) => {
          setThreshold(event.target.value);
          setError(undefined);
        }}
        hint={now ? <Trans>Now: {now}</Trans> : undefined}
        error={error}
      />
      <ChoiceChips
        name="alert-frequency"
        legend={<Trans>How often</Trans>}
        value={frequency}
        onChange={setFrequency}
        choices={alertFrequencies.map((value) => ({ value, label: i18n._(frequencyLabels[value]) }))}
      />
      <p className="field__hint">
        <Trans>
          We check every price as it arrives and tell you in the app. Once a day tells you at most once each
          trading day; every time tells you again after the price has moved back.
        </Trans>
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        data-testid="alert-submit"
      >
        <Trans>Set alert</Trans>
      </button>
      <Link href="/user/alerts" className="alert-form__all">
        <Trans>All my alerts</Trans>
      </Link>
    </form>
  );
}
