import type { StatementFormat } from "@kabuto/shared/api/statements";
import { statementsApi } from "@kabuto/shared/endpoints/statements";
import { intlLocale } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { PageHeader } from "../../app/page-header.tsx";
import type { AppLocale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { download, saveFile } from "../../lib/api.ts";
import { notifyError } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import "./statements.css";

/** A Tokyo month (`2027-03`) or year (`2027`) as the reader names it: 2027年3月, March 2027. */
export function periodName(period: string, locale: AppLocale): string {
  const [year, month] = period.split("-");
  const noon = Date.parse(`${year}-${month ?? "06"}-15T12:00:00+09:00`);
  const options: Intl.DateTimeFormatOptions = month
    ? { year: "numeric", month: "long", timeZone: "Asia/Tokyo" }
    : { year: "numeric", timeZone: "Asia/Tokyo" };
  return new Intl.DateTimeFormat(intlLocale[locale], options).format(noon);
}

/**
 * `/user/statements`: the member's statements, a month's with activity or a year's trade report,
 * each downloaded as CSV or PDF in the app's language. The server makes each from the ledger.
 */
export function StatementsScreen() {
  const session = useSessionState();
  const periods = useEndpoint(statementsApi.periods, session ? {} : null);
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Statements</Trans>} />
      <main className="form-page statements-page">
        {!session && <SignInNeeded />}
        {session && periods.status === "loading" && <span className="skeleton" />}
        {session && periods.status === "error" && (
          <LoadProblem error={periods.error} onRetry={periods.reload} />
        )}
        {session && periods.status === "ready" && (
          <>
            <p className="statements-note">
              <Trans>
                Each statement is made from your ledger: the opening balance plus the period's movements is
                the closing balance, in each currency. Dates are Tokyo time.
              </Trans>
            </p>
            <section className="panel" aria-labelledby="statements-months">
              <h2 className="panel__title" id="statements-months">
                <Trans>Monthly statements</Trans>
              </h2>
              {periods.value.months.length === 0 ? (
                <p className="empty">
                  <Trans>No money has moved in your account yet.</Trans>
                </p>
              ) : (
                <PeriodList periods={periods.value.months} testId="statement-months" />
              )}
            </section>
            <section className="panel" aria-labelledby="statements-years">
              <h2 className="panel__title" id="statements-years">
                <Trans>Yearly trade reports</Trans>
              </h2>
              <PeriodList periods={periods.value.years} testId="statement-years" />
            </section>
          </>
        )}
      </main>
    </>
  );
}

function PeriodList({ periods, testId }: { periods: readonly string[]; testId: string }) {
  const locale = useLocale();
  return (
    <ul className="statement-list" data-testid={testId}>
      {periods.map((period) => (
        <li key={period} className="statement-row" data-period={period}>
          <span className="statement-row__name">{periodName(period, locale)}</span>
          <DownloadButton period={period} format="csv" />
          <DownloadButton period={period} format="pdf" />
        </li>
      ))}
    </ul>
  );
}

function DownloadButton({ period, format }: { period: string; format: StatementFormat }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const name = periodName(period, locale);
  async function save() {
    setBusy(true);
    try {
      saveFile(
        await download(
          statementsApi.download,
          { query: { period, format, lang: locale } },
          `${period}.${format}`,
        ),
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--outline button--small"
      disabled={busy}
      onClick={() => void save()}
      aria-label={format === "csv" ? t`Download ${name} as CSV` : t`Download ${name} as PDF`}
      data-testid={`statement-${period}-${format}`}
    >
      {format === "csv" ? "CSV" : "PDF"}
    </button>
  );
}
