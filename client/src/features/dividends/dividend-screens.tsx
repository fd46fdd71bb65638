import type { DividendPayment, UpcomingDividend } from "@kabuto/shared/api/dividends";
import { dividendsApi } from "@kabuto/shared/endpoints/dividends";
import { formatDate, formatMoney, formatNumber, formatUnitPrice } from "@kabuto/shared/format";
import { ppmToPercent } from "@kabuto/shared/loans/interest";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { ChooseFirst } from "../../app/choose-first.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import type { AppLocale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { type AsyncState, useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { localName } from "../market/instrument.ts";
import { formatSignedMoney, toneOf } from "../trading/figures.tsx";
import { positionDetailPath } from "../trading/paths.ts";
import { dividendDetailPath } from "./dividends-api.ts";
import "../wallet/wallet.css";
import "./dividends.css";

/** An exchange date (YYYY-MM-DD) as the member reads dates: noon in Tokyo is that day in every zone we show. */
function isoDateText(date: string, locale: AppLocale): string {
  return formatDate(Date.parse(`${date}T12:00:00+09:00`), locale, marketZone.JP);
}

function code(symbol: string): string {
  return symbol.slice(symbol.indexOf(":") + 1);
}

function DividendTabs({ current }: { current: "calendar" | "history" }) {
  return (
    <nav className="underline-tabs dividend-tabs">
      <Link
        href="/common/dividend"
        className="underline-tabs__tab"
        aria-current={current === "calendar" ? "page" : undefined}
        data-testid="dividend-tab-calendar"
      >
        <Trans>Calendar</Trans>
      </Link>
      <Link
        href="/common/dividend2"
        className="underline-tabs__tab"
        aria-current={current === "history" ? "page" : undefined}
        data-testid="dividend-tab-history"
      >
        <Trans>Received and paid</Trans>
      </Link>
    </nav>
  );
}

/** The rules every dividend screen states: who is entitled, what is withheld, when the money moves. */
function DividendRules() {
  return (
    <p className="field__hint dividend-rules">
      <Trans>
        A position held at the close of the trading day before the ex-date is entitled; one opened on the
        ex-date is not. Long positions receive the dividend less tax withheld (Japan 15.315%, US 10%); short
        positions pay the full dividend. The money moves on the ex-date, in your fund records, whatever the
        leverage.
      </Trans>
    </p>
  );
}

/** One scope's items out of the list's answer, as the list's state. */
function itemsOf<T, Item>(state: AsyncState<T>, items: (value: T) => Item[]): AsyncState<Item[]> {
  return state.status === "ready" ? { status: "ready", value: items(state.value) } : state;
}

/**
 * `/common/dividend`: the dividend calendar. Announced dividends whose ex-date is ahead, on the
 * names the member holds or watches, with what their positions would receive or pay if held to
 * the ex-date, or what one trading unit would receive.
 */
export function DividendCalendarScreen() {
  const session = useSessionState();
  const list = useEndpoint(dividendsApi.list, { query: { scope: "upcoming" } });
  const upcoming = itemsOf(list, (value) => (value.scope === "upcoming" ? value.items : []));
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Dividends</Trans>} />
      <DividendTabs current="calendar" />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && upcoming.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && upcoming.status === "error" && (
          <LoadProblem error={upcoming.error} onRetry={list.reload} />
        )}
        {session && upcoming.status === "ready" && (
          <section className="panel">
            <h2 className="panel__title">
              <Trans>Upcoming ex-dates</Trans>
            </h2>
            {upcoming.value.length === 0 ? (
              <p className="request-empty" data-testid="dividend-calendar-empty">
                <Trans>
                  No dividends announced yet on the stocks you hold or watch. Add stocks to your watchlist to
                  see theirs here.
                </Trans>
              </p>
            ) : (
              <ul className="request-list" data-testid="dividend-calendar">
                {upcoming.value.map((dividend) => (
                  <UpcomingRow key={dividend.id} dividend={dividend} />
                ))}
              </ul>
            )}
          </section>
        )}
        <DividendRules />
      </main>
    </>
  );
}

function UpcomingRow({ dividend }: { dividend: UpcomingDividend }) {
  const locale = useLocale();
  const money = (amount: string) => formatMoney(amount, dividend.currency, locale);
  const perShare = formatUnitPrice(dividend.perShare, dividend.currency, locale);
  const exDate = isoDateText(dividend.exDate, locale);
  const lot = formatNumber(dividend.lotSize, locale);
  return (
    <li className="request-row" data-testid="dividend-upcoming" data-id={dividend.id}>
      <Link href={dividendDetailPath(dividend.id)} className="dividend-row__link">
        <div className="request-row__main">
          <span className="dividend-row__name">
            <span className="dividend-row__code num">{code(dividend.symbol)}</span>{" "}
            {localName(dividend.name, locale)}
          </span>
          {dividend.estimate !== null ? (
            <span className={`request-row__amount num ${toneOf(BigInt(dividend.estimate))}`}>
              {formatSignedMoney(BigInt(dividend.estimate), dividend.currency, locale)}
            </span>
          ) : (
            <span className="request-row__amount num">{money(dividend.perUnitNet)}</span>
          )}
        </div>
        <div className="request-row__details">
          <span className="num">
            <Trans>
              Ex-date {exDate} · {perShare} a share
            </Trans>
          </span>
        </div>
        <div className="request-row__details dividend-row__basis">
          <span>
            {dividend.estimate !== null ? (
              <HeldText long={dividend.heldLong} short={dividend.heldShort} />
            ) : dividend.lotSize === 1 ? (
              <Trans>Per share held long, after tax</Trans>
            ) : (
              <Trans>Per {lot} shares held long, after tax</Trans>
            )}
          </span>
        </div>
      </Link>
    </li>
  );
}

function HeldText({ long, short }: { long: number; short: number }) {
  const locale = useLocale();
  const count = (value: number) => formatNumber(value, locale);
  const longCount = count(long);
  const shortCount = count(short);
  if (long > 0 && short > 0)
    return (
      <Trans>
        If held: long {longCount}, short {shortCount} shares
      </Trans>
    );
  if (short > 0) return <Trans>If held: short {shortCount} shares</Trans>;
  return <Trans>If held: long {longCount} shares</Trans>;
}

/** `/common/dividend2`: what the member's positions received and paid, newest first. */
export function DividendHistoryScreen() {
  const session = useSessionState();
  const list = useEndpoint(dividendsApi.list, { query: { scope: "history" } });
  const history = itemsOf(list, (value) => (value.scope === "history" ? value.items : []));
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Dividends</Trans>} />
      <DividendTabs current="history" />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && history.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && history.status === "error" && <LoadProblem error={history.error} onRetry={list.reload} />}
        {session && history.status === "ready" && (
          <section className="panel">
            <h2 className="panel__title">
              <Trans>Received and paid</Trans>
            </h2>
            {history.value.length === 0 ? (
              <p className="request-empty" data-testid="dividend-history-empty">
                <Trans>No dividends yet. Hold a stock across its ex-date to receive one.</Trans>
              </p>
            ) : (
              <ul className="request-list" data-testid="dividend-history">
                {history.value.map((payment) => (
                  <PaymentRow key={payment.id} payment={payment} linkToDividend />
                ))}
              </ul>
            )}
          </section>
        )}
        <DividendRules />
      </main>
    </>
  );
}

function PaymentRow({ payment, linkToDividend }: { payment: DividendPayment; linkToDividend?: boolean }) {
  const locale = useLocale();
  const net = BigInt(payment.net);
  const quantity = formatNumber(payment.quantity, locale);
  const perShare = formatUnitPrice(payment.perShare, payment.currency, locale);
  const exDate = isoDateText(payment.exDate, locale);
  const withheld = formatMoney(payment.withheld, payment.currency, locale);
  const id = payment.positionId;
  const body = (
    <>
      <div className="request-row__main">
        <span className="dividend-row__name">
          <span className="dividend-row__code num">{code(payment.symbol)}</span>{" "}
          {localName(payment.name, locale)}
        </span>
        <span className={`request-row__amount num ${toneOf(net)}`} data-testid="dividend-payment-net">
          {formatSignedMoney(net, payment.currency, locale)}
        </span>
      </div>
      <div className="request-row__details">
        <span className="num">
          {payment.side === "long" ? (
            <Trans>
              Long {quantity} shares × {perShare}, ex-date {exDate}
            </Trans>
          ) : (
            <Trans>
              Short {quantity} shares × {perShare}, ex-date {exDate}
            </Trans>
          )}
        </span>
        {payment.side === "long" && (
          <span className="num">
            <Trans>Tax withheld {withheld}</Trans>
          </span>
        )}
      </div>
    </>
  );
  return (
    <li className="request-row" data-testid="dividend-payment" data-side={payment.side}>
      {linkToDividend ? (
        <Link href={dividendDetailPath(payment.dividendId)} className="dividend-row__link">
          {body}
        </Link>
      ) : (
        <>
          {body}
          <Link href={positionDetailPath(id)} className="fund-row__ref">
            <Trans>Position No. {id}</Trans>
          </Link>
        </>
      )}
    </li>
  );
}

/** `/common/dividend3?id=JP:7203@2027-03-30`: one dividend, its dates and amount, and what it meant for the member. */
export function DividendDetailScreen() {
  const session = useSessionState();
  const id = new URLSearchParams(useSearch()).get("id") ?? "";
  // Without an id the address would read `/dividends/`, which is the list's, not a dividend.
  const detail = useEndpoint(dividendsApi.detail, id ? { params: { id } } : null);
  const missing = !id || (detail.status === "error" && errorCode(detail.error) === "DIVIDEND_NOT_FOUND");
  const locale = useLocale();
  return (
    <>
      <PageHeader back="/common/dividend" title={<Trans>Dividend</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && missing && <ChooseDividend notFound={Boolean(id)} />}
        {session && !missing && detail.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && !missing && detail.status === "error" && (
          <LoadProblem error={detail.error} onRetry={detail.reload} />
        )}
        {session && detail.status === "ready" && (
          <>
            <section className="panel" data-testid="dividend-detail">
              <h2 className="panel__title">
                <span className="dividend-row__code num">{code(detail.value.dividend.symbol)}</span>{" "}
                {localName(detail.value.dividend.name, locale)}
              </h2>
              <DividendFacts dividend={detail.value.dividend} status={detail.value.status} />
            </section>
            <section className="panel">
              <h2 className="panel__title">
                <Trans>Your positions</Trans>
              </h2>
              {detail.value.status === "upcoming" ? (
                <p className="request-empty">
                  <Trans>Paid on the ex-date to positions held at the close the trading day before.</Trans>
                </p>
              ) : detail.value.payments.length === 0 ? (
                <p className="request-empty">
                  <Trans>None of your positions was entitled to this dividend.</Trans>
                </p>
              ) : (
                <ul className="request-list" data-testid="dividend-payments">
                  {detail.value.payments.map((payment) => (
                    <PaymentRow key={payment.id} payment={payment} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <DividendRules />
      </main>
    </>
  );
}

/** Without a dividend to show (none named, or no such one): the calendar to choose one from. */
function ChooseDividend({ notFound }: { notFound: boolean }) {
  return (
    <ChooseFirst
      message={
        notFound ? (
          <Trans>
            There is no such dividend. Choose one from the calendar or from what you received and paid.
          </Trans>
        ) : (
          <Trans>
            Choose a dividend from the calendar or from what you received and paid to see its details.
          </Trans>
        )
      }
      listPath="/common/dividend"
      listLabel={<Trans>See the dividend calendar</Trans>}
    />
  );
}

function DividendFacts({ dividend, status }: { dividend: UpcomingDividend; status: "upcoming" | "ex" }) {
  const locale = useLocale();
  const lot = formatNumber(dividend.lotSize, locale);
  return (
    <dl className="breakdown">
      <Fact label={<Trans>Status</Trans>}>
        {status === "upcoming" ? <Trans>Ahead</Trans> : <Trans>Gone ex</Trans>}
      </Fact>
      <Fact label={<Trans>Dividend a share</Trans>} testId="dividend-per-share">
        {formatUnitPrice(dividend.perShare, dividend.currency, locale)}
      </Fact>
      <Fact label={<Trans>Announced</Trans>}>{isoDateText(dividend.announceDate, locale)}</Fact>
      <Fact label={<Trans>Ex-date</Trans>} testId="dividend-ex-date">
        {isoDateText(dividend.exDate, locale)}
      </Fact>
      <Fact label={<Trans>Record date</Trans>}>{isoDateText(dividend.recordDate, locale)}</Fact>
      <Fact label={<Trans>Tax withheld on longs</Trans>}>{ppmToPercent(dividend.withholdingPpm)}%</Fact>
      <Fact
        label={
          dividend.lotSize === 1 ? (
            <Trans>One share long receives</Trans>
          ) : (
            <Trans>{lot} shares long receive</Trans>
          )
        }
      >
        {formatMoney(dividend.perUnitNet, dividend.currency, locale)}
      </Fact>
      {dividend.estimate !== null && (
        <Fact
          label={<HeldText long={dividend.heldLong} short={dividend.heldShort} />}
          testId="dividend-estimate"
        >
          {formatSignedMoney(BigInt(dividend.estimate), dividend.currency, locale)}
        </Fact>
      )}
    </dl>
  );
}

function Fact({ label, testId, children }: { label: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <div className="breakdown__row">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
