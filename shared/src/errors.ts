/**
 * The closed list of error codes the servers send. The client translates each one; servers
 * never send user-facing prose. Adding a code means adding its status below and its message
 * to the client's catalogs.
 */
export const errorStatus = {
  // General
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  IDEMPOTENCY_KEY_REUSED: 422,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  // Registration and sign-in
  ACCOUNT_REQUIRED: 400,
  ACCOUNT_INVALID: 400,
  PASSWORD_REQUIRED: 400,
  PASSWORD_INVALID: 400,
  PASSWORDS_DIFFER: 400,
  INVITE_CODE_REQUIRED: 400,
  INVITER_NOT_FOUND: 400,
  TERMS_NOT_ACCEPTED: 400,
  ACCOUNT_EXISTS: 409,
  LOGIN_FAILED: 401,
  LOGIN_THROTTLED: 429,
  ACCOUNT_FROZEN: 403,
  ACCOUNT_DISABLED: 403,
  // Market data
  SYMBOL_INVALID: 400,
  SYMBOL_NOT_FOUND: 404,
  INTERVAL_INVALID: 400,
  WATCHLIST_FULL: 409,
  // Trading
  PRODUCT_NOT_FOUND: 404,
  SIDE_INVALID: 400,
  ORDER_TYPE_INVALID: 400,
  QUANTITY_INVALID: 400,
  LEVERAGE_INVALID: 400,
  PRICE_REQUIRED: 400,
  PRICE_INVALID: 400,
  PRICE_OFF_TICK: 400,
  PRICE_LIMIT_EXCEEDED: 400,
  SESSION_INVALID: 400,
  MARKET_ORDER_OUTSIDE_REGULAR: 409,
  OUTSIDE_TRADING_HOURS: 409,
  PRICE_UNAVAILABLE: 503,
  BOOK_TOO_THIN: 409,
  INSUFFICIENT_BALANCE: 409,
  TRADING_BARRED: 403,
  ORDER_NOT_FOUND: 404,
  ORDER_NOT_PENDING: 409,
  POSITION_NOT_FOUND: 404,
  POSITION_NOT_HOLDING: 409,
  POSITION_LOCKED: 409,
  AMOUNT_INVALID: 400,
  IDEMPOTENCY_KEY_INVALID: 400,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorStatus, value);
}

/** Socket-level refusals, given per topic in a subscribe ack. */
export const topicErrorCodes = ["TOPIC_INVALID", "SYMBOL_NOT_FOUND", "TOPICS_LIMIT", "FORBIDDEN"] as const;
export type TopicErrorCode = (typeof topicErrorCodes)[number];
