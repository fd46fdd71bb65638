import type { StatementFormat } from "@kabuto/shared/api/statements";
import { statementsApi } from "@kabuto/shared/endpoints/statements";
import { type FormatLocale, formatLocales } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { TextField } from "../../../app/text-field.tsx";
import { download, saveFile } from "../../../lib/api.ts";
import { errorCode } from "../../../lib/api-error.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import type { FieldErrors } from "../../auth/form-errors.ts";
import { useBusy } from "../../ops/parts.tsx";

/** The Tokyo month now, `2027-03`: the period a card starts on. */
function tokyoMonthNow(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
}

/**
 * The console member page's card that produces a member's statement (a month, `2027-03`) or
 * yearly trade report (`2027`) as CSV or PDF in the member's language, for a member who asks
 * staff for one. The server records each production in the audit log.
 */
export function MemberStatementCard({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  const [period, setPeriod] = useState(tokyoMonthNow);
  const [format, setFormat] = useState<StatementFormat>("pdf");
  const [lang, setLang] = useState<FormatLocale>("ja");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();
  const languages: Record<FormatLocale, string> = { ja: "日本語", en: "English", "zh-Hant": "繁體中文" };

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    void run(
      async () => {
        const body = { period: period.trim(), format, lang };
        const file = await download(
          statementsApi.produce,
          { params: { id: memberId }, body },
          `${body.period}.${format}`,
        );
        saveFile(file);
        notifySuccess(t`Statement produced`);
      },
      (error) => {
        const code = errorCode(error);
        if (code.startsWith("STATEMENT_PERIOD")) setErrors({ period: code });
      },
    );
  }

  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate data-testid="statement-form">
      <h2 className="ops-card__title">
        <Trans>Statement</Trans>
      </h2>
      <p className="ops-muted">
        <Trans>
          A month's statement (2026-11) or a year's trade report (2026), made from the member's ledger.
          Producing one is recorded in the audit log.
        </Trans>
      </p>
      <TextField
        id="statement-period"
        label={<Trans>Period</Trans>}
        value={period}
        onChange={(event) => setPeriod(event.target.value)}
        error={errors.period}
      />
      <div className="field">
        <label className="field__label" htmlFor="statement-format">
          <Trans>File</Trans>
        </label>
        <select
          id="statement-format"
          className="ops-select"
          value={format}
          onChange={(event) => setFormat(event.target.value === "csv" ? "csv" : "pdf")}
        >
          <option value="pdf">PDF</option>
          <option value="csv">CSV</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="statement-lang">
          <Trans>Language</Trans>
        </label>
        <select
          id="statement-lang"
          className="ops-select"
          value={lang}
          onChange={(event) => {
            const chosen = formatLocales.find((locale) => locale === event.target.value);
            if (chosen) setLang(chosen);
          }}
        >
          {formatLocales.map((locale) => (
            <option key={locale} value={locale}>
              {languages[locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="ops-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="statement-produce"
        >
          <Trans>Produce statement</Trans>
        </button>
      </div>
    </form>
  );
}
