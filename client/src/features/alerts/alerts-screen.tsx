import type { Alert, AlertNotice } from "@kabuto/shared/api/alerts";
import { alertsApi } from "@kabuto/shared/endpoints/alerts";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { detailPath, localName } from "../market/instrument.ts";
import { useInstruments } from "../market/use-instruments.ts";
import { requestTime } from "../wallet/wallet-parts.tsx";
import { conditionText, figureText, frequencyLabels, priceText } from "./alert-text.ts";
import "./alerts.css";

/**
 * `/user/alerts`: the member's price alerts (what each watches, how often, when it last fired)
 * with a way to delete each, and the latest notices of the ones that fired.
 */
export function AlertsScreen() {
  const session = useSessionState();
  const alerts = useEndpoint(alertsApi.list, {});
  const notices = useEndpoint(alertsApi.notices, {});
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Price alerts</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && (
          <section className="panel" aria-labelledby="alerts-title">
            <h2 className="panel__title" id="alerts-title">
              <Trans>My alerts</Trans>
            </h2>
            {alerts.status === "loading" && <span className="skeleton" />}
            {alerts.status === "error" && <LoadProblem error={alerts.error} onRetry={alerts.reload} />}
            {alerts.status === "ready" && <AlertList alerts={alerts.value.items} max={alerts.value.max} />}
          </section>
        )}
        {session && (
          <section className="panel" aria-labelledby="notices-title">
            <h2 className="panel__title" id="notices-title">
              <Trans>Recent notices</Trans>
            </h2>
            {notices.status === "loading" && <span className="skeleton" />}
            {notices.status === "error" && <LoadProblem error={notices.error} onRetry={notices.reload} />}
            {notices.status === "ready" && <NoticeList notices={notices.value.items} />}
          </section>
        )}
      </main>
    </>
  );
}

function AlertList({ alerts, max }: { alerts: Alert[]; max: number }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const instruments = useInstruments(alerts.map((alert) => alert.symbol));
  const [deleting, setDeleting] = useState<string | undefined>();
  const active = alerts.filter((alert) => alert.status === "active").length;

  async function remove(alert: Alert) {
    setDeleting(alert.id);
    try {
      await call(alertsApi.remove, { params: { id: alert.id } });
      notifySuccess(t`Alert deleted`);
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(undefined);
    }
  }

  if (alerts.length === 0)
    return (
      <p className="request-empty" data-testid="alerts-empty">
        <Trans>No alerts yet. Open a stock and tap the bell to be told when it reaches a price.</Trans>
      </p>
    );
  return (
    <>
      <p className="field__hint">
        <Trans>
          {active} of {max} alerts active
        </Trans>
      </p>
      <ul className="request-list" data-testid="alerts">
        {alerts.map((alert) => {
          const instrument = instruments.get(alert.symbol);
          return (
            <li
              key={alert.id}
              className="request-row alert-row"
              data-testid="alert"
              data-status={alert.status}
            >
              <div className="request-row__main">
                <Link href={detailPath(alert.symbol)} className="alert-row__name">
                  {instrument ? localName(instrument.name, locale) : alert.symbol}
                </Link>
                <span className="status-tag" data-status={alert.status === "active" ? "pending" : "done"}>
                  {alert.status === "active" ? (
                    i18n._(frequencyLabels[alert.frequency])
                  ) : (
                    <Trans context="alert status">Fired</Trans>
                  )}
                </span>
              </div>
              <p className="alert-row__condition" data-testid="alert-condition">
                {conditionText(i18n, alert, locale)}
              </p>
              <div className="request-row__details">
                <AlertTimes alert={alert} />
                <button
                  type="button"
                  className="button button--outline button--small"
                  onClick={() => remove(alert)}
                  disabled={deleting === alert.id}
                  data-testid="alert-delete"
                >
                  <Trans context="alert">Delete</Trans>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** When it was set, or when it last fired and how often. */
function AlertTimes({ alert }: { alert: Alert }) {
  const locale = useLocale();
  const count = alert.firedCount;
  if (alert.lastFiredAtMs === null) {
    const set = requestTime(alert.createdAtMs, locale);
    return (
      <span className="num">
        <Trans>Set {set}</Trans>
      </span>
    );
  }
  const fired = requestTime(alert.lastFiredAtMs, locale);
  return (
    <span className="num" data-testid="alert-fired">
      <Plural value={count} one={`Fired once, last ${fired}`} other={`Fired # times, last ${fired}`} />
    </span>
  );
}

function NoticeList({ notices }: { notices: AlertNotice[] }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const instruments = useInstruments(notices.map((notice) => notice.symbol));
  if (notices.length === 0)
    return (
      <p className="request-empty">
        <Trans>Nothing has fired yet.</Trans>
      </p>
    );
  return (
    <ul className="request-list" data-testid="alert-notices">
      {notices.map((notice) => {
        const instrument = instruments.get(notice.symbol);
        const price = priceText(notice.symbol, notice.price, locale);
        return (
          <li key={notice.id} className="request-row" data-testid="alert-notice">
            <div className="request-row__main">
              <span className="alert-row__name">
                {instrument ? localName(instrument.name, locale) : notice.symbol}
              </span>
              <span className="num">{requestTime(notice.firedAtMs, locale)}</span>
            </div>
            <p className="alert-row__condition">{conditionText(i18n, notice, locale)}</p>
            <p className="request-row__details num">
              <Trans>Price then: {price}</Trans>
              {notice.figure !== null && <> · {figureText(i18n, notice, locale)}</>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
