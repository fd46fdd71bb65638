import type { ErrorCode, TopicErrorCode } from "@kabuto/shared";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ClientErrorCode } from "./api-error.ts";

/**
 * What each error code says to a member. Typed over the closed lists, so a code added to
 * shared/src/errors.ts does not compile here until it has a message in every catalog.
 */
/** Codes of checks made only in the browser. */
type FormErrorCode = "PRIVACY_NOT_ACCEPTED";

const messages: Record<ErrorCode | TopicErrorCode | ClientErrorCode | FormErrorCode, MessageDescriptor> = {
  BAD_REQUEST: msg`The request could not be processed.`,
  VALIDATION_FAILED: msg`Please check what you entered.`,
  NOT_FOUND: msg`Not found.`,
  UNAUTHENTICATED: msg`Please sign in again.`,
  FORBIDDEN: msg`You do not have permission to do this.`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  IDEMPOTENCY_KEY_REUSED: msg`This request was already sent with different content.`,
  INTERNAL: msg`System busy. Please try again later.`,
  UNAVAILABLE: msg`The service is temporarily unavailable.`,
  ACCOUNT_REQUIRED: msg`Enter your mobile number.`,
  ACCOUNT_INVALID: msg`Enter a valid mobile number: 10 digits, or 11 digits starting 070, 080 or 090.`,
  PASSWORD_REQUIRED: msg`Enter your password.`,
  PASSWORD_INVALID: msg`Use 8 to 64 letters or digits for the password.`,
  PASSWORDS_DIFFER: msg`The two passwords differ.`,
  INVITE_CODE_REQUIRED: msg`Enter an invitation code.`,
  INVITER_NOT_FOUND: msg`This invitation code does not exist.`,
  TERMS_NOT_ACCEPTED: msg`Please read and accept the terms.`,
  ACCOUNT_EXISTS: msg`This number is already registered.`,
  LOGIN_FAILED: msg`Wrong mobile number or password.`,
  LOGIN_THROTTLED: msg`Too many attempts. Please try again later.`,
  ACCOUNT_FROZEN: msg`This account is frozen. Please contact support.`,
  ACCOUNT_DISABLED: msg`This account is disabled.`,
  SYMBOL_INVALID: msg`Invalid stock code.`,
  SYMBOL_NOT_FOUND: msg`This stock does not exist.`,
  INTERVAL_INVALID: msg`Invalid chart interval.`,
  WATCHLIST_FULL: msg`Your watchlist is full.`,
  PRODUCT_NOT_FOUND: msg`This product does not exist or has been delisted.`,
  SIDE_INVALID: msg`Choose long or short.`,
  ORDER_TYPE_INVALID: msg`Choose a market or a limit order.`,
  QUANTITY_INVALID: msg`Enter a quantity in whole trading units.`,
  LEVERAGE_INVALID: msg`This leverage is not available.`,
  PRICE_REQUIRED: msg`Enter a price.`,
  PRICE_INVALID: msg`Enter a valid price.`,
  PRICE_OFF_TICK: msg`The price is not on the stock's tick size.`,
  PRICE_LIMIT_EXCEEDED: msg`The price is outside today's price limits.`,
  SESSION_INVALID: msg`This trading session is not available.`,
  MARKET_ORDER_OUTSIDE_REGULAR: msg`Market orders are accepted only in the regular session.`,
  OUTSIDE_TRADING_HOURS: msg`Outside trading hours.`,
  PRICE_UNAVAILABLE: msg`The stock price could not be obtained. Please try again.`,
  BOOK_TOO_THIN: msg`Not enough orders in the book to fill this order.`,
  INSUFFICIENT_BALANCE: msg`Insufficient balance.`,
  TRADING_BARRED: msg`Trading is not allowed on this account. Please contact support.`,
  ORDER_NOT_FOUND: msg`This order does not exist.`,
  ORDER_NOT_PENDING: msg`Only a pending order can be cancelled.`,
  POSITION_NOT_FOUND: msg`This position does not exist.`,
  POSITION_NOT_HOLDING: msg`Only a held position can be closed.`,
  POSITION_LOCKED: msg`This position is locked and cannot be sold yet.`,
  AMOUNT_INVALID: msg`Enter a valid amount.`,
  IDEMPOTENCY_KEY_INVALID: msg`The request could not be identified. Please try again.`,
  TOPIC_INVALID: msg`Invalid live-data request.`,
  TOPICS_LIMIT: msg`Too many live prices open at once.`,
  NETWORK_ERROR: msg`Network error. Check your connection.`,
  TIMEOUT: msg`The request timed out. Please try again.`,
  BAD_RESPONSE: msg`Unexpected response from the server.`,
  PRIVACY_NOT_ACCEPTED: msg`Please read and accept the privacy policy.`,
};

/** The translated message of `code`; an unknown code shows as itself (spec: a missing key shows the key). */
export function errorMessage(i18n: I18n, code: string): string {
  return Object.hasOwn(messages, code) ? i18n._(messages[code as keyof typeof messages]) : code;
}
