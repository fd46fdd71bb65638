import {
  channelNameIn,
  type Deposit,
  type FundingTerms,
  type RechargeChannel,
} from "@kabuto/shared/api/funding";
import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { formatMoney } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { amountError, amountForServer, parseAmount } from "./amount.ts";
import { type OpenRequest, openRequest } from "./open-request.ts";
import {
  AmountField,
  FundHoursNote,
  OpenRequestNotice,
  RequestStatusTag,
  requestTime,
} from "./wallet-parts.tsx";
import "./wallet.css";

/** The channel's bank details and the receipt upload come next, on `/user/rechargeChannel`. */
export function rechargeChannelPath(channelId: string, amount: string): string {
  return `/user/rechargeChannel?${new URLSearchParams({ channel: channelId, amount }).toString()}`;
}

/**
 * `/user/recharge`: a deposit by bank transfer, first step: pick a channel and an amount within
 * its limits. Below, the member's deposits and their review status.
 */
export function RechargeScreen() {
  const session = useSessionState();
  const terms = useEndpoint(fundingApi.terms, {});
  const channels = useEndpoint(fundingApi.channels, {});
  const deposits = useEndpoint(fundingApi.deposits, {});
  const withdrawals = useEndpoint(fundingApi.withdrawals, {});
  const retry = () => {
    for (const read of [terms, channels, deposits, withdrawals]) if (read.status === "error") read.reload();
  };
  const open =
    deposits.status === "ready" && withdrawals.status === "ready"
      ? openRequest(deposits.value.items, withdrawals.value.items)
      : undefined;
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Deposit</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && (terms.status === "error" || channels.status === "error") && (
          <LoadProblem
            error={
              terms.status === "error"
                ? terms.error
                : channels.status === "error"
                  ? channels.error
                  : undefined
            }
            onRetry={retry}
          />
        )}
        {session && (terms.status === "loading" || channels.status === "loading") && (
          <div className="panel" aria-busy="true" />
        )}
        {session && terms.status === "ready" && channels.status === "ready" && (
          <ChannelForm
            terms={terms.value}
            channels={channels.value.items.filter((channel) => channel.enabled)}
            open={open}
          />
        )}
        {session && (
          <section className="panel">
            <h2 className="panel__title">
              <Trans>My deposits</Trans>
            </h2>
            {deposits.status === "loading" && <span className="skeleton" />}
            {deposits.status === "error" && <LoadProblem error={deposits.error} onRetry={retry} />}
            {deposits.status === "ready" && <DepositList deposits={deposits.value.items} />}
          </section>
        )}
      </main>
    </>
  );
}

function ChannelForm({
  terms,
  channels,
  open,
}: {
  terms: FundingTerms;
  channels: RechargeChannel[];
  open: OpenRequest | undefined;
}) {
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [channelId, setChannelId] = useState(channels[0]?.id);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const channel = channels.find((item) => item.id === channelId);

  if (channels.length === 0)
    return (
      <p className="empty" data-testid="no-channels">
        <Trans>No deposit channel is open now. Please try again later or contact customer service.</Trans>
      </p>
    );

  function next(event: FormEvent) {
    event.preventDefault();
    if (!channel) return;
    const bounds = { min: BigInt(channel.min), max: BigInt(channel.max) };
    const found = amountError(amount, channel.currency, bounds);
    setError(found);
    const minor = parseAmount(amount, channel.currency);
    if (found || minor === undefined) return;
    navigate(rechargeChannelPath(channel.id, amountForServer(minor, channel.currency)));
  }

  return (
    <form className="panel" onSubmit={next} noValidate data-testid="recharge-form">
      <fieldset className="pick-list">
        <legend className="field__label">
          <Trans>Deposit channel</Trans>
        </legend>
        {channels.map((item) => (
          <label key={item.id} className="pick" data-testid="channel">
            <input
              type="radio"
              name="channel"
              value={item.id}
              checked={item.id === channelId}
              onChange={() => {
                setChannelId(item.id);
                setError(undefined);
              }}
            />
            <span className="pick__body">
              <span className="pick__title">
                {channelNameIn(item, locale)} <span className="tag">{item.currency}</span>
              </span>
              <span className="pick__detail num">
                {/* A name given in each language names the bank in the reader's words already. */}
                {item.names ? "" : `${item.bankName} · `}
                {formatMoney(item.min, item.currency, locale)} –{" "}
                {formatMoney(item.max, item.currency, locale)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {channel && (
        <AmountField
          id="recharge-amount"
          label={<Trans>Amount ({channel.currency})</Trans>}
          currency={channel.currency}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(undefined);
          }}
          error={error}
        />
      )}
      {channel && (
        <p className="field__hint num">
          <Trans>
            Minimum {formatMoney(channel.min, channel.currency, locale)}, maximum{" "}
            {formatMoney(channel.max, channel.currency, locale)}
          </Trans>
        </p>
      )}
      <FundHoursNote terms={terms} what="deposit" />
      {open && <OpenRequestNotice request={open} locale={locale} />}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!terms.openNow || open !== undefined}
        data-testid="recharge-next"
      >
        <Trans>Next: transfer details</Trans>
      </button>
    </form>
  );
}

export function DepositList({ deposits }: { deposits: Deposit[] }) {
  const locale = useLocale();
  if (deposits.length === 0)
    return (
      <p className="request-empty">
        <Trans>No deposits yet.</Trans>
      </p>
    );
  return (
    <ul className="request-list" data-testid="deposits">
      {deposits.map((deposit) => (
        <li key={deposit.id} className="request-row" data-testid="deposit" data-status={deposit.status}>
          <div className="request-row__main">
            <span className="request-row__amount num">
              {formatMoney(deposit.amount, deposit.currency, locale)}
            </span>
            <RequestStatusTag status={deposit.status} />
          </div>
          <div className="request-row__details">
            <span>{channelNameIn({ name: deposit.channelName, names: deposit.channelNames }, locale)}</span>
            <span className="num">{requestTime(deposit.createdAtMs, locale)}</span>
          </div>
          {deposit.status === "rejected" && deposit.reason && (
            <p className="request-row__reason">
              <Trans>Reason: {deposit.reason}</Trans>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
