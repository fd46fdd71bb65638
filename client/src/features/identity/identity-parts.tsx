import {
  type BankCardType,
  bankCardTypeOf,
  type DocumentType,
  type SecurityStatus,
} from "@kabuto/shared/api/identity";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import "./identity.css";

/** Shown instead of a member screen when nobody is signed in. */
export function SignInNeeded() {
  return (
    <div className="empty">
      <p>
        <Trans>Sign in to continue.</Trans>
      </p>
      <Link href="/login/login" className="button button--primary">
        <Trans>Sign in</Trans>
      </Link>
    </div>
  );
}

/** A read that failed: its translated error and a way to try again. */
export function LoadProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="empty" role="alert">
      <p>{errorMessage(i18n, errorCode(error))}</p>
      {onRetry && (
        <button type="button" className="button button--outline button--small" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}

/** A boxed line of information above or inside a form; `tone` warns or refuses. */
export function Notice({
  tone = "info",
  children,
  testId,
}: {
  tone?: "info" | "warn" | "danger";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="notice"
      data-tone={tone}
      data-testid={testId}
      role={tone === "info" ? undefined : "status"}
    >
      {children}
    </div>
  );
}

export const documentLabels: Record<DocumentType, MessageDescriptor> = {
  id_card: msg`My Number card or passport`,
  driving_licence: msg`Driving licence`,
  health_insurance: msg`Health insurance card`,
};

/** Real-name verification statuses as members read them (the Mine tab and the security screens). */
export const verificationLabels: Record<SecurityStatus["verification"], MessageDescriptor> = {
  unverified: msg`Not verified`,
  pending: msg`Verification under review`,
  verified: msg({ message: "Verified", context: "verification" }),
  rejected: msg`Verification rejected`,
};

/** The member's real-name verification status as a short coloured label. */
export function VerificationTag({ status }: { status: SecurityStatus["verification"] }) {
  const { i18n } = useLingui();
  return (
    <span className="status-tag" data-status={status} data-testid="verification-status">
      {i18n._(verificationLabels[status])}
    </span>
  );
}

/** Card types of Japanese bank accounts; a type the server holds that is not listed shows as itself. */
const cardTypeLabels: Record<BankCardType, MessageDescriptor> = {
  ordinary: msg({ message: "Ordinary", context: "bank account type" }),
  current: msg({ message: "Current", context: "bank account type" }),
  savings: msg({ message: "Savings", context: "bank account type" }),
};

export function cardTypeLabel(i18n: I18n, type: string): string {
  // A Japanese word (普通) is the type too: an English reader sees "Ordinary", never the stored word.
  const known = bankCardTypeOf(type);
  return known ? i18n._(cardTypeLabels[known]) : type;
}
