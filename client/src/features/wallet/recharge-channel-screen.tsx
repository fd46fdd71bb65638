import type { FundingTerms, RechargeChannel } from "@kabuto/shared/api/funding";
import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { formatMoney } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { photoPrint, photoProblem } from "../identity/photo.ts";
import { PhotoField } from "../identity/photo-field.tsx";
import { amountError, amountForServer, parseAmount } from "./amount.ts";
import { CopyRow, FundHoursNote } from "./wallet-parts.tsx";
import "./wallet.css";

/**
 * `/user/rechargeChannel?channel=3&amount=50000`: where to transfer the money (the channel's bank
 * account, each detail copyable), then the transfer receipt's photo, then the request.
 */
export function RechargeChannelScreen() {
  const session = useSessionState();
  const search = new URLSearchParams(useSearch());
  const channelId = search.get("channel") ?? "";
  const amount = search.get("amount") ?? "";
  const channels = useEndpoint(fundingApi.channels, {});
  const terms = useEndpoint(fundingApi.terms, {});
  const channel =
    channels.status === "ready" ? channels.value.items.find((item) => item.id === channelId) : undefined;
  return (
    <>
      <PageHeader back="/user/recharge" title={<Trans>Transfer details</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && channels.status === "error" && (
          <LoadProblem error={channels.error} onRetry={channels.reload} />
        )}
        {session && (channels.status === "loading" || terms.status === "loading") && (
          <div className="panel" aria-busy="true" />
        )}
        {session &&
          channels.status === "ready" &&
          terms.status !== "loading" &&
          (channel?.enabled ? (
            <Details
              channel={channel}
              amount={amount}
              terms={terms.status === "ready" ? terms.value : undefined}
            />
          ) : (
            <Problem code="CHANNEL_NOT_FOUND" />
          ))}
      </main>
    </>
  );
}

function Problem({ code }: { code: string }) {
  const { i18n } = useLingui();
  return (
    <div className="empty" role="alert">
      <p>{errorMessage(i18n, code)}</p>
      <Link href="/user/recharge" className="button button--outline">
        <Trans>Back to deposit</Trans>
      </Link>
    </div>
  );
}

function Details({
  channel,
  amount,
  terms,
}: {
  channel: RechargeChannel;
  amount: string;
  terms: FundingTerms | undefined;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [receipt, setReceipt] = useState<File>();
  const [receiptError, setReceiptError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());
  const minor = parseAmount(amount, channel.currency);
  const amountProblem = amountError(amount, channel.currency, {
    min: BigInt(channel.min),
    max: BigInt(channel.max),
  });
  if (amountProblem || minor === undefined) return <Problem code={amountProblem ?? "AMOUNT_INVALID"} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = photoProblem(receipt);
    setReceiptError(problem === "UPLOAD_REQUIRED" ? "RECEIPT_REQUIRED" : problem);
    if (problem || !receipt || minor === undefined) return;
    const form = new FormData();
    form.set("channelId", channel.id);
    form.set("amount", amountForServer(minor, channel.currency));
    form.set("receipt", receipt, "receipt");
    setBusy(true);
    try {
      // One intent per channel, amount and photo: a retry after a lost answer is the same deposit.
      const fingerprint = `${channel.id}:${amount}:${photoPrint(receipt)}`;
      await call(fundingApi.deposit, { body: form }, { idempotencyKey: keys.keyFor(fingerprint) });
      keys.settle();
      notifySuccess(t`Deposit submitted for review`);
      navigate("/user/recharge", { replace: true });
    } catch (error) {
      keys.settle(error);
      if (error instanceof ApiError && error.code.startsWith("UPLOAD_")) setReceiptError(error.code);
      if (error instanceof ApiError && error.code === "RECEIPT_REQUIRED") setReceiptError(error.code);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  const money = formatMoney(minor, channel.currency, locale);
  return (
    <form className="form-page__stack" onSubmit={submit} noValidate data-testid="recharge-channel">
      <section className="panel">
        <p className="transfer-amount">
          <span className="transfer-amount__label">
            <Trans>Amount to transfer</Trans>
          </span>
          <span className="transfer-amount__value num" data-testid="transfer-amount">
            {money}
          </span>
        </p>
        <dl className="copy-list">
          <CopyRow label={<Trans>Amount</Trans>} value={amount} display={money} />
          <CopyRow label={<Trans>Bank</Trans>} value={channel.bankName} testId="channel-bank" />
          <CopyRow label={<Trans>Branch</Trans>} value={channel.branch} />
          <CopyRow label={<Trans>Account name</Trans>} value={channel.accountName} />
          <CopyRow
            label={<Trans>Account number</Trans>}
            value={channel.accountNumber}
            testId="channel-account"
          />
        </dl>
        <p className="field__hint">
          <Trans>Transfer from an account in your own name, then photograph or screenshot the receipt.</Trans>
        </p>
      </section>
      <section className="panel">
        <PhotoField
          id="recharge-receipt"
          label={<Trans>Transfer receipt</Trans>}
          hint={<Trans>Add the receipt photo</Trans>}
          file={receipt}
          onChange={(file) => {
            setReceipt(file);
            setReceiptError(undefined);
          }}
          error={receiptError}
        />
        {terms && <FundHoursNote terms={terms} what="deposit" />}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || terms?.openNow === false}
          data-testid="recharge-submit"
        >
          <Trans>I have transferred: submit</Trans>
        </button>
      </section>
    </form>
  );
}
