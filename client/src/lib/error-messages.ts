import type { ErrorCode, FieldIssueCode, TopicErrorCode } from "@kabuto/shared";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ClientErrorCode, type FieldError, fieldErrorCode } from "./api-error.ts";

/**
 * What each error code says to a member. Typed over the closed lists, so a code added to
 * shared/src/errors.ts does not compile here until it has a message in every catalog.
 */
/** Codes of checks made only in the browser. */
type FormErrorCode = "PRIVACY_NOT_ACCEPTED";

const messages: Record<
  ErrorCode | TopicErrorCode | ClientErrorCode | FormErrorCode | FieldIssueCode,
  MessageDescriptor
> = {
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
  ACCOUNT_FROZEN: msg`This account is frozen or banned. Please contact customer service.`,
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
  WITHDRAW_BARRED: msg`Withdrawals are not allowed on this account. Please contact support.`,
  OLD_PASSWORD_WRONG: msg`The current password is wrong.`,
  FUND_PASSWORD_REQUIRED: msg`Enter your fund password.`,
  FUND_PASSWORD_INVALID: msg`The fund password must be 6 digits.`,
  FUND_PASSWORD_NOT_SET: msg`Set a fund password first.`,
  FUND_PASSWORD_WRONG: msg`Wrong fund password.`,
  FUND_PASSWORD_THROTTLED: msg`Too many wrong fund passwords. Please try again later.`,
  UPLOAD_REQUIRED: msg`Add the required image.`,
  UPLOAD_TYPE_INVALID: msg`Only JPEG, PNG or WebP images can be uploaded.`,
  UPLOAD_TOO_LARGE: msg`The image is too large.`,
  UPLOAD_FAILED: msg`Upload failed. Please try again.`,
  UPLOAD_NOT_FOUND: msg`The image does not exist.`,
  NAME_REQUIRED: msg`Enter your name.`,
  NAME_KANA_INVALID: msg`Enter the reading in katakana or hiragana, for example ヤマダ タロウ.`,
  ID_NUMBER_REQUIRED: msg`Enter your ID number.`,
  ID_NUMBER_INVALID: msg`Enter a valid ID number.`,
  DOCUMENT_TYPE_INVALID: msg`Choose a document type.`,
  KYC_REQUIRED: msg`Real-name verification is required first.`,
  KYC_PENDING: msg`Your real-name verification is under review.`,
  KYC_ALREADY_VERIFIED: msg`Your real name is already verified.`,
  KYC_NOT_FOUND: msg`No real-name verification was found.`,
  CARD_FIELD_REQUIRED: msg`Fill in every field of the card.`,
  CARD_NUMBER_INVALID: msg`Enter a valid card number.`,
  CARD_HOLDER_MISMATCH: msg`The card holder must match your verified name.`,
  CARD_EXISTS: msg`This card already exists.`,
  CARD_NOT_FOUND: msg`This bank card does not exist.`,
  CARDS_LIMIT: msg`You cannot add more bank cards.`,
  CURRENCY_INVALID: msg`This currency is not available.`,
  CHANNEL_NOT_FOUND: msg`This deposit channel is not available.`,
  RECEIPT_REQUIRED: msg`Upload the deposit receipt first.`,
  AMOUNT_BELOW_MINIMUM: msg`The amount is below the minimum.`,
  AMOUNT_ABOVE_MAXIMUM: msg`The amount is above the maximum.`,
  OUTSIDE_FUND_HOURS: msg`Outside deposit and withdrawal hours.`,
  FUND_OPERATION_IN_PROGRESS: msg`Another fund operation is in progress.`,
  SUBMITTING_TOO_FREQUENTLY: msg`Submitting too frequently. Please wait a moment.`,
  INSUFFICIENT_WITHDRAWABLE: msg`Insufficient withdrawable amount.`,
  DEPOSIT_NOT_FOUND: msg`This deposit does not exist.`,
  WITHDRAWAL_NOT_FOUND: msg`This withdrawal does not exist.`,
  REQUEST_NOT_PENDING: msg`This request is no longer under review.`,
  CURRENCIES_SAME: msg`Choose two different currencies.`,
  FX_PAIR_UNAVAILABLE: msg`This currency pair cannot be exchanged.`,
  FX_QUOTE_NOT_FOUND: msg`The quote does not exist. Please get a new quote.`,
  FX_QUOTE_EXPIRED: msg`The quote has expired. Please get a new quote.`,
  STAFF_LOGIN_FAILED: msg`Wrong staff ID or password.`,
  STAFF_UNAUTHENTICATED: msg`Please sign in to the console again.`,
  STAFF_EXISTS: msg`This staff account already exists.`,
  STAFF_NOT_FOUND: msg`This staff account does not exist.`,
  MEMBER_NOT_FOUND: msg`This member does not exist.`,
  REASON_REQUIRED: msg`Enter a reason.`,
  MAKER_CHECKER: msg`Another staff member must approve this request.`,
  NEWS_NOT_FOUND: msg`This news item does not exist.`,
  CONFIG_NAME_INVALID: msg`Invalid setting name.`,
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

/**
 * The translated message of an error code, or of a field's code with the bound it names; an
 * unknown code shows as itself (spec: a missing key shows the key).
 */
export function errorMessage(i18n: I18n, error: FieldError): string {
  const code = fieldErrorCode(error);
  if (!Object.hasOwn(messages, code)) return code;
  const descriptor = messages[code as keyof typeof messages];
  if (typeof error === "string") return i18n._(descriptor);
  return i18n._(descriptor.id, { max: error.max, min: error.min }, { message: descriptor.message });
}
