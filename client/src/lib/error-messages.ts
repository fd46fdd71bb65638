import type { FieldIssueCode } from "@kabuto/shared/api/field-issues";
import type { kernelCodes } from "@kabuto/shared/api/kernel.codes";
import type { ErrorCode, TopicErrorCode } from "@kabuto/shared/errors";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ClientErrorCode, type FieldError, fieldErrorCode } from "./api-error.ts";

/** Codes of checks made only in the browser. */
type FormErrorCode = "PRIVACY_NOT_ACCEPTED";

/**
 * What each of a product's error codes says: a feature declares one per product it shows
 * (`<feature>.errors.ts`), typed over that product's codes, so a code added to a product does not
 * compile until it has a message.
 */
export type ErrorMessages<C extends { errors: object }> = Readonly<
  Record<keyof C["errors"], MessageDescriptor>
>;

/** The kernel's codes, the socket's and the browser's own, and a field's failures. */
const kernelMessages: ErrorMessages<typeof kernelCodes> &
  Record<
    Exclude<TopicErrorCode, ErrorCode> | ClientErrorCode | FormErrorCode | FieldIssueCode,
    MessageDescriptor
  > = {
  BAD_REQUEST: msg`The request could not be processed.`,
  VALIDATION_FAILED: msg`Please check what you entered.`,
  PATH_INVALID: msg`The address of this request is not valid.`,
  INVALID_TEXT: msg`This field contains characters that cannot be used.`,
  CSRF_REFUSED: msg`This request came from another site and was refused. Please use the app directly.`,
  UNSUPPORTED_MEDIA_TYPE: msg`The request was sent in a format the server does not accept.`,
  NOT_FOUND: msg`Not found.`,
  UNAUTHENTICATED: msg`Please sign in again.`,
  FORBIDDEN: msg`You do not have permission to do this.`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  IDEMPOTENCY_KEY_REUSED: msg`This request was already sent with different content.`,
  INTERNAL: msg`System busy. Please try again later.`,
  UNAVAILABLE: msg`Reconnecting to the service. Please try again in a few seconds.`,
  ACCOUNT_FROZEN: msg`This account is frozen or banned. Please contact customer service.`,
  ACCOUNT_DISABLED: msg`This account is disabled.`,
  INSUFFICIENT_BALANCE: msg`Insufficient balance.`,
  TRADING_BARRED: msg`Trading is not allowed on this account. Please contact support.`,
  AMOUNT_INVALID: msg`Enter a valid amount.`,
  IDEMPOTENCY_KEY_INVALID: msg`The request could not be identified. Please try again.`,
  WITHDRAW_BARRED: msg`Withdrawals are not allowed on this account. Please contact support.`,
  KYC_REQUIRED: msg`Real-name verification is required first.`,
  CURRENCY_INVALID: msg`This currency is not available.`,
  REQUEST_NOT_PENDING: msg`This request is no longer under review.`,
  MEMBER_NOT_FOUND: msg`This member does not exist.`,
  REASON_REQUIRED: msg`Enter a reason.`,
  MAKER_CHECKER: msg`Another staff member must approve this request.`,
  TOPIC_INVALID: msg`Invalid live-data request.`,
  TOPICS_LIMIT: msg`Too many live prices open at once.`,
  NETWORK_ERROR: msg`Network error. Check your connection.`,
  TIMEOUT: msg`The request timed out. Please try again.`,
  BAD_RESPONSE: msg`Unexpected response from the server.`,
  PRIVACY_NOT_ACCEPTED: msg`Please read and accept the privacy policy.`,
  // A field's own failure, with the bound it breaks ({max}, {min}) when it has one.
  FIELD_REQUIRED: msg`Fill in this field.`,
  TOO_SHORT: msg`Use at least {min} characters.`,
  TOO_LONG: msg`Use at most {max} characters.`,
  TOO_SMALL: msg`Enter {min} or more.`,
  TOO_LARGE: msg`Enter {max} or less.`,
  MUST_EXCEED: msg`Enter more than {min}.`,
  MUST_BE_UNDER: msg`Enter less than {max}.`,
  TOO_MANY: msg`Choose at most {max}.`,
  TOO_FEW: msg`Choose at least {min}.`,
  INVALID_FORMAT: msg`This is not in the expected format.`,
};

const messages = new Map<string, MessageDescriptor>(Object.entries(kernelMessages));

/**
 * Adds the features' messages (the app's at start, the console's when it opens): each code is
 * said by one feature.
 */
export function addErrorMessages(
  lists: readonly Readonly<Partial<Record<ErrorCode, MessageDescriptor>>>[],
): void {
  for (const list of lists) {
    for (const [code, descriptor] of Object.entries(list)) {
      if (descriptor) messages.set(code, descriptor);
    }
  }
}

/** Whether a code has a message yet (for the test that every code has one). */
export function hasErrorMessage(code: string): boolean {
  return messages.has(code);
}

/**
 * The translated message of an error code, or of a field's code with the bound it names; an
 * unknown code shows as itself (spec: a missing key shows the key).
 */
export function errorMessage(i18n: I18n, error: FieldError): string {
  const code = fieldErrorCode(error);
  const descriptor = messages.get(code);
  if (!descriptor) return code;
  if (typeof error === "string") return i18n._(descriptor);
  return i18n._(descriptor.id, { max: error.max, min: error.min }, { message: descriptor.message });
}
