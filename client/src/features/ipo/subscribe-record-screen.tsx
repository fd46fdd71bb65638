import type { Subscription } from "@kabuto/shared/api/ipo";
import { ipoApi } from "@kabuto/shared/endpoints/ipo";
import { formatDateTime, formatMoney, formatUnitPrice } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { localName } from "../market/instrument.ts";
import { useAccountSummary } from "../trading/trading-store.ts";
import { useConfirmStep } from "../trading-pin/confirm-step.tsx";
import { isPinRefusal } from "../trading-pin/pin-refusal.ts";
import { StateTag } from "./ipo-parts.tsx";
import { subscribeDetailPath } from "./subscribe-screen.tsx";

/**
 * `/market/subscribeRecord`: the member's subscriptions and lottery records with their states
 * (awaiting draw, won and awaiting payment, not won, payment completed), paying a win and
 * cancelling a declaration while the book is open.
 */
export function SubscribeRecordScreen() {
  const session = useSessionState();
  const records = useEndpoint(ipoApi.subscriptions, {});
  return (
    <>
      <PageHeader back="/market/subscribe" title={<Trans>My subscriptions</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && records.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && records.status === "error" && (
          <LoadProblem error={records.error} onRetry={records.reload} />
        )}
        {session && records.status === "ready" && (
          <section className="panel">
            {records.value.items.length === 0 ? (
              <p className="request-empty" data-testid="ipo-records-empty">
                <Trans>No subscriptions yet.</Trans>{" "}
                <Link href="/market/subscribe">
                  <Trans>See new shares</Trans>
                </Link>
              </p>
            ) : (
              <ul className="request-list" data-testid="ipo-records">
                {records.value.items.map((record) => (
                  <Record key={record.id} record={record} onDone={afterOwnAction} />
                ))}
              </ul>
            )}
          </section>
        )}
      </main>
    </>
  );
}

function Record({ record, onDone }: { record: Subscription; onDone: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const account = useAccountSummary();
  const [keys] = useState(() => new IntentKeys());
  const [busy, setBusy] = useState(false);
  const confirm = useConfirmStep();
  const zone = marketZone[record.market];
  const cash = account.value?.balances.find((balance) => balance.currency === record.currency)?.available;
  const short = record.amountDue !== null && cash !== undefined && BigInt(cash) < BigInt(record.amountDue);

  /** Paying moves money: the confirmation step restates what is paid, then sends it. */
  function askPay() {
    const money = (amount: string | null) =>
      amount === null ? "—" : formatMoney(amount, record.currency, locale);
    confirm.ask({
      title: <Trans>Confirm your IPO payment</Trans>,
      rows: [
        {
          label: <Trans>Stock</Trans>,
          value: `${localName(record.name, locale)} ${record.code}`,
          testId: "confirm-stock",
        },
        { label: <Trans>Units won</Trans>, value: record.unitsWon, testId: "confirm-quantity" },
        {
          label: <Trans>Amount due</Trans>,
          value: money(record.amountDue),
          testId: "confirm-required",
          strong: true,
        },
      ],
      note: <Trans>Paid from your available cash and held until listing day.</Trans>,
      confirmLabel: <Trans>Pay</Trans>,
      send: (pin) => act("pay", pin),
    });
  }

  async function act(action: "pay" | "cancel", pin?: string) {
    setBusy(true);
    try {
      const input = { params: { id: record.id } };
      const options = { idempotencyKey: keys.keyFor(`${action}:${record.id}`) };
      if (action === "pay") await call(ipoApi.pay, input, { ...options, tradingPin: pin });
      else await call(ipoApi.cancel, input, options);
      keys.settle();
      notifySuccess(
        action === "pay"
          ? t({ message: "Payment completed", context: "done notice" })
          : t`Subscription cancelled`,
      );
      onDone();
    } catch (error) {
      keys.settle(error);
      if (isPinRefusal(error)) throw error;
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="request-row" data-testid="ipo-record" data-state={record.state} data-code={record.code}>
      <div className="request-row__main">
        <Link href={subscribeDetailPath(record.offeringId)} className="request-row__amount">
          {localName(record.name, locale)} <span className="ipo-card__code num">{record.code}</span>
        </Link>
        <StateTag state={record.state} />
      </div>
      <div className="request-row__details">
        <span>
          {record.price === null ? (
            <Trans>At the offer price</Trans>
          ) : (
            formatUnitPrice(record.price, record.currency, locale)
          )}{" "}
          · <Trans>{record.units} units asked</Trans>
          {record.unitsWon > 0 && (
            <>
              {" "}
              · <Trans>{record.unitsWon} won</Trans>
            </>
          )}
        </span>
        <span className="num">{formatDateTime(record.createdAtMs, locale, zone, { seconds: false })}</span>
      </div>
      {record.amountDue !== null && (
        <div className="request-row__details">
          <span>{record.state === "won" ? <Trans>Amount due</Trans> : <Trans>Amount paid</Trans>}</span>
          <span className="num" data-testid="ipo-record-due">
            {formatMoney(record.amountPaid ?? record.amountDue, record.currency, locale)}
          </span>
        </div>
      )}
      {record.state === "won" && record.payByMs !== null && (
        <div className="request-row__details">
          <span>
            <Trans>Pay by</Trans>
          </span>
          <span className="num">{formatDateTime(record.payByMs, locale, zone, { seconds: false })}</span>
        </div>
      )}
      {record.state === "won" && short && (
        <p className="request-row__reason">
          <Trans>Your available cash does not cover this payment yet.</Trans>{" "}
          <Link href="/user/recharge">
            <Trans>Deposit</Trans>
          </Link>
        </p>
      )}
      {record.state === "won" && (
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={askPay}
          data-testid="ipo-pay"
        >
          <Trans>Pay</Trans>
        </button>
      )}
      {record.cancellable && (
        <button
          type="button"
          className="button button--outline button--small"
          disabled={busy}
          onClick={() => act("cancel")}
          data-testid="ipo-record-cancel"
        >
          <Trans>Cancel</Trans>
        </button>
      )}
      {record.state === "allotted" && record.positionId && (
        <Link href="/position/position?tab=placement" className="button button--outline button--small">
          <Trans>See the placement</Trans>
        </Link>
      )}
      {confirm.element}
    </li>
  );
}
