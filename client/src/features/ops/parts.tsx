import { formatDateTime, formatMoney, formatUnitPrice } from "@kabuto/shared/format";
import { type Currency, currencies, marketZone } from "@kabuto/shared/symbols";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { TextAreaField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { ApiError, errorCode, type FieldError } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { notifyError } from "../../lib/notify.ts";
import type { AsyncState } from "../../lib/queries.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { isCurrency } from "./adjustment-rules.ts";

/** A screen of the console: its title, a way back to the list it came from, and actions. */
export function OpsPage({
  title,
  back,
  actions,
  children,
}: {
  title: ReactNode;
  back?: { href: string; label: ReactNode };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="ops-page">
      <header className="ops-page__head">
        <div className="ops-page__titles">
          {back && (
            <Link href={back.href} className="ops-page__back">
              ‹ {back.label}
            </Link>
          )}
          <h1 className="ops-page__title">{title}</h1>
        </div>
        {actions && <div className="ops-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** Shows a load in progress, its error with a retry, or its value. */
export function Loaded<T>({
  state,
  retry,
  children,
}: {
  state: AsyncState<T>;
  retry: () => void;
  children: (value: T) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (state.status === "loading") {
    return (
      <div className="ops-loading" aria-busy="true">
        <span className="skeleton" style={{ width: "40%" }} />
        <span className="skeleton" style={{ width: "70%" }} />
        <span className="skeleton" style={{ width: "55%" }} />
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div className="ops-error" role="alert">
        <p>{errorMessage(i18n, errorCode(state.error))}</p>
        <button type="button" className="button button--outline button--small" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return <>{children(state.value)}</>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="ops-empty">{children}</p>;
}

/** Money in minor units with its currency, in the reader's locale. */
export function Money({ amount, currency }: { amount: string | bigint; currency: string }) {
  const locale = useLocale();
  return <span className="num">{formatMoney(amount, currency, locale)}</span>;
}

/** A price a share in its currency's units (`￥2,009`, `$1.78`), as money beside it reads. */
export function UnitPrice({ price, currency }: { price: string; currency: string }) {
  const locale = useLocale();
  return <span className="num">{formatUnitPrice(price, currency, locale)}</span>;
}

/**
 * A moment as date and time on Tokyo's clock: staff work on Tokyo time, the brokerage's own
 * clock, wherever their browser is.
 */
export function When({ ms }: { ms: number | null | undefined }) {
  const locale = useLocale();
  if (ms === null || ms === undefined) return <span className="ops-muted">—</span>;
  return (
    <time className="num ops-when" dateTime={new Date(ms).toISOString()}>
      {formatDateTime(ms, locale, marketZone.JP)}
    </time>
  );
}

const statusLabels: Record<string, MessageDescriptor> = {
  pending: msg({ message: "Pending", context: "review status" }),
  checked: msg({ message: "Checked", context: "review status" }),
  approved: msg({ message: "Approved", context: "review status" }),
  rejected: msg({ message: "Rejected", context: "review status" }),
  unverified: msg({ message: "Unverified", context: "review status" }),
  verified: msg({ message: "Verified", context: "review status" }),
  settled: msg({ message: "Repaid", context: "review status" }),
  suspended: msg({ message: "Suspended", context: "review status" }),
  active: msg({ message: "Running", context: "review status" }),
  stopped: msg({ message: "Stopped", context: "review status" }),
};

const statusTones: Record<string, string> = {
  pending: "wait",
  checked: "info",
  approved: "good",
  verified: "good",
  rejected: "bad",
  settled: "good",
  suspended: "bad",
  active: "info",
};

/** A short coloured label: `wait`, `info`, `good` or `bad`, or grey without a tone. */
export function Tag({ tone, children }: { tone?: string | undefined; children: ReactNode }) {
  return (
    <span className="tag ops-tag" data-tone={tone}>
      {children}
    </span>
  );
}

/** The state of a request or a verification, as a coloured label; an unknown one shows as itself. */
export function StatusTag({ status }: { status: string }) {
  const { i18n } = useLingui();
  const label = statusLabels[status];
  return <Tag tone={statusTones[status]}>{label ? i18n._(label) : status}</Tag>;
}

/**
 * A card of a screen, titled or (for a card of images) only named for screen readers. Forms
 * that are cards keep their own `<form className="ops-card">`.
 */
export function OpsCard({
  title,
  label,
  children,
}: {
  title?: ReactNode;
  label?: string;
  children: ReactNode;
}) {
  return (
    <section className="ops-card" aria-label={label}>
      {title && <h2 className="ops-card__title">{title}</h2>}
      {children}
    </section>
  );
}

/** Label and value pairs, two columns on a laptop and stacked on a phone. */
export function Facts({ items }: { items: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <dl className="ops-facts">
      {items.map(([label, value], index) => (
        // The pairs are fixed per screen; their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="ops-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A multi-line text field with its label and translated error code. */
export function TextArea({
  id,
  label,
  value,
  onChange,
  error,
  rows = 3,
  maxLength,
  required,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}) {
  return (
    <TextAreaField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      rows={rows}
      maxLength={maxLength}
      required={required}
      className="ops-textarea"
    />
  );
}

/**
 * The status a queue shows, kept in the address (`?status=checked`) so going back from a
 * request returns to the same list. Without one (or with one the queue does not know) it
 * shows the first status: pending, in every queue.
 */
export function useStatusFilter<S extends string>(statuses: readonly [S, ...S[]]): [S, (status: S) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get("status");
  const status = statuses.find((option) => option === wanted) ?? statuses[0];
  return [status, (next: S) => navigate(`${path}?status=${next}`, { replace: true })];
}

/** The status chips above a queue. */
export function StatusFilter<S extends string>({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly S[];
  value: S;
  onChange: (status: S) => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <div className="ops-filter">
      <ChoiceChips
        name="status-filter"
        legend={t`Status`}
        legendHidden
        look="chips"
        value={value}
        onChange={onChange}
        choices={statuses.map((status) => {
          const label = statusLabels[status];
          return { value: status, label: label ? i18n._(label) : status };
        })}
      />
    </div>
  );
}

/**
 * Runs one action at a time: `busy` while it runs (to disable its button), and a failure
 * shown as a notice after `onError` (e.g. marking the fields the server refused) had its say.
 */
export function useBusy(): [
  busy: boolean,
  run: (action: () => Promise<void>, onError?: (error: unknown) => void) => Promise<void>,
] {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>, onError?: (error: unknown) => void) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      onError?.(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return [busy, run];
}

/** The field errors the server named in a refusal, if it named any. */
export function refusedFields(error: unknown): FieldErrors | undefined {
  return error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : undefined;
}

/** A labelled choice of the currencies the brokerage keeps. */
export function CurrencySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Currency;
  onChange: (currency: Currency) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        <Trans>Currency</Trans>
      </label>
      <select
        id={id}
        className="ops-select"
        value={value}
        onChange={(event) => isCurrency(event.target.value) && onChange(event.target.value)}
      >
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
