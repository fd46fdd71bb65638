import type { FundingTerms } from "@kabuto/shared/api/funding";
import { formatDateTime, formatMoney } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { IconCopy } from "../../app/icons.tsx";
import { TextField } from "../../app/text-field.tsx";
import type { AppLocale } from "../../i18n/locale.ts";
import type { FieldError as FieldErrorValue } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { copyText } from "../../lib/notify.ts";
import { Notice } from "../identity/identity-parts.tsx";
import { parseFundHours } from "./fund-hours.ts";
import type { OpenRequest } from "./open-request.ts";
import "./wallet.css";

/** When a request was made, on Tokyo's clock: the one the fund hours are set in. */
export function requestTime(ms: number, locale: AppLocale): string {
  return formatDateTime(ms, locale, marketZone.JP);
}

type RequestStatus = "pending" | "approved" | "rejected";

const statusLabels: Record<RequestStatus, MessageDescriptor> = {
  pending: msg({ message: "Pending review", context: "request status" }),
  approved: msg({ message: "Approved", context: "request status" }),
  rejected: msg({ message: "Rejected", context: "request status" }),
};

/** A deposit's or withdrawal's review status (spec section 4: pending review, passed, rejected). */
export function RequestStatusTag({ status }: { status: RequestStatus }) {
  const { i18n } = useLingui();
  return (
    <span className="status-tag" data-status={status} data-testid="request-status">
      {i18n._(statusLabels[status])}
    </span>
  );
}

/**
 * When deposits and withdrawals are taken, and whether now is such a time. Requests outside the
 * hours are refused by the server; this says so before the member fills in the form.
 */
export function FundHoursNote({ terms, what }: { terms: FundingTerms; what: "deposit" | "withdrawal" }) {
  const hours = parseFundHours(terms.hours);
  let when: ReactNode;
  if (hours?.kind === "always") when = <Trans>Requests are taken at any time.</Trans>;
  else if (hours?.kind === "window")
    when = (
      <Trans>
        Hours: {hours.open}–{hours.close} Japan time on business days of the Tokyo Stock Exchange.
      </Trans>
    );
  else when = <Trans>Hours: {terms.hours}</Trans>;
  if (terms.openNow)
    return (
      <p className="field__hint" data-testid="fund-hours">
        {when}
      </p>
    );
  return (
    <Notice tone="warn" testId="fund-hours">
      <p className="notice__text">
        {what === "deposit" ? (
          <Trans>Deposits are not taken now.</Trans>
        ) : (
          <Trans>Withdrawals are not taken now.</Trans>
        )}
        <br />
        {when}
      </p>
    </Notice>
  );
}

/** A label, a value and a button that copies the value (bank details to type into a banking app). */
export function CopyRow({
  label,
  value,
  display,
  testId,
}: {
  label: ReactNode;
  value: string;
  display?: ReactNode;
  testId?: string;
}) {
  const { t } = useLingui();
  return (
    <div className="copy-row">
      <dt>{label}</dt>
      <dd className="copy-row__value" data-testid={testId}>
        <span className="copy-row__text">{display ?? value}</span>
        <button
          type="button"
          className="icon-button copy-row__button"
          aria-label={t`Copy`}
          onClick={() => copyText(value)}
        >
          <IconCopy />
        </button>
      </dd>
    </div>
  );
}

/** Says that a request under review holds back the next one, and which it is. */
export function OpenRequestNotice({ request, locale }: { request: OpenRequest; locale: AppLocale }) {
  const money = formatMoney(request.amount, request.currency, locale);
  return (
    <Notice tone="warn" testId="open-request">
      <p className="notice__text">
        {request.kind === "deposit" ? (
          <Trans>
            Your deposit of {money} is under review. You can request another deposit or withdrawal once it has
            been reviewed.
          </Trans>
        ) : (
          <Trans>
            Your withdrawal of {money} is under review. You can request another deposit or withdrawal once it
            has been reviewed.
          </Trans>
        )}
      </p>
    </Notice>
  );
}

/** A server or form error shown at the field it concerns, in the member's language. */
export function FieldError({ code }: { code: FieldErrorValue }) {
  const { i18n } = useLingui();
  return (
    <p className="field__error" role="alert">
      {errorMessage(i18n, code)}
    </p>
  );
}

/**
 * An amount in a currency as a member types it on a phone: the number pad for yen, the decimal
 * pad where the currency has cents, never autofilled. Deposits, withdrawals, loans and their
 * repayments all ask for one.
 */
export function AmountField({
  id,
  label,
  currency,
  value,
  onChange,
  error,
}: {
  id: string;
  label: ReactNode;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  error: FieldErrorValue | undefined;
}) {
  return (
    <TextField
      id={id}
      label={label}
      inputMode={currency === "JPY" ? "numeric" : "decimal"}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
