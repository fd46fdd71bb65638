/**
 * The closed list of error codes the servers send. The client translates each one; servers
 * never send user-facing prose. Adding a code means adding its status below and its message
 * to the client's catalogs.
 */
export const errorStatus = {
  // General
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  /** A text field holds a control character or a lone surrogate (see shared/src/text.ts). */
  INVALID_TEXT: 400,
  /** A state-changing request came from another site's page (the CSRF check). */
  CSRF_REFUSED: 403,
  /** A state-changing request's body is not JSON (or multipart, where a route takes files). */
  UNSUPPORTED_MEDIA_TYPE: 415,
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
  REGISTRATION_THROTTLED: 429,
  SMS_CODE_REQUIRED: 400,
  SMS_CODE_INVALID: 400,
  SMS_CODE_WRONG: 401,
  SMS_THROTTLED: 429,
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
  POSITION_NOT_LEVERAGED: 409,
  AMOUNT_INVALID: 400,
  IDEMPOTENCY_KEY_INVALID: 400,
  // Account flags and passwords
  WITHDRAW_BARRED: 403,
  OLD_PASSWORD_WRONG: 400,
  FUND_PASSWORD_REQUIRED: 400,
  FUND_PASSWORD_INVALID: 400,
  FUND_PASSWORD_NOT_SET: 409,
  FUND_PASSWORD_WRONG: 400,
  FUND_PASSWORD_THROTTLED: 429,
  // Uploads
  UPLOAD_REQUIRED: 400,
  UPLOAD_TYPE_INVALID: 415,
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_FAILED: 400,
  UPLOAD_NOT_FOUND: 404,
  // Real-name verification
  NAME_REQUIRED: 400,
  NAME_KANA_INVALID: 400,
  ID_NUMBER_REQUIRED: 400,
  ID_NUMBER_INVALID: 400,
  DOCUMENT_TYPE_INVALID: 400,
  KYC_REQUIRED: 403,
  KYC_PENDING: 409,
  KYC_ALREADY_VERIFIED: 409,
  KYC_NOT_FOUND: 404,
  // Bank cards
  CARD_FIELD_REQUIRED: 400,
  CARD_NUMBER_INVALID: 400,
  CARD_HOLDER_MISMATCH: 400,
  CARD_EXISTS: 409,
  CARD_NOT_FOUND: 404,
  CARDS_LIMIT: 409,
  // Deposits, withdrawals, exchange
  CURRENCY_INVALID: 400,
  CHANNEL_NOT_FOUND: 404,
  RECEIPT_REQUIRED: 400,
  AMOUNT_BELOW_MINIMUM: 400,
  AMOUNT_ABOVE_MAXIMUM: 400,
  OUTSIDE_FUND_HOURS: 409,
  FUND_OPERATION_IN_PROGRESS: 409,
  SUBMITTING_TOO_FREQUENTLY: 429,
  INSUFFICIENT_WITHDRAWABLE: 409,
  DEPOSIT_NOT_FOUND: 404,
  WITHDRAWAL_NOT_FOUND: 404,
  REQUEST_NOT_PENDING: 409,
  CURRENCIES_SAME: 400,
  FX_PAIR_UNAVAILABLE: 400,
  FX_QUOTE_NOT_FOUND: 404,
  FX_QUOTE_EXPIRED: 409,
  // Credit loans
  LOAN_LINE_INSUFFICIENT: 409,
  LOAN_NOT_FOUND: 404,
  LOAN_NOT_OWED: 409,
  REPAYMENT_EXCEEDS_LOAN: 409,
  LOAN_UNPAID: 409,
  // Day trading
  /** Only members whose day-trading application operations approved may place a day trade. */
  DAY_TRADE_NOT_APPROVED: 403,
  /** Past the day's cut-off (or on a day the market does not trade) no new day trade opens. */
  DAY_TRADE_CUTOFF_PASSED: 409,
  DAY_TRADE_MARKET_ONLY: 400,
  DAY_TRADE_AGREEMENT_REQUIRED: 400,
  /** The member already has a pending or approved application. */
  DAY_TRADE_ALREADY_APPLIED: 409,
  DAY_TRADE_APPLICATION_NOT_FOUND: 404,
  // Rewards
  ALREADY_CHECKED_IN: 409,
  CHECKIN_POINTS_TOO_FEW: 409,
  REWARD_YEAR_CAP_REACHED: 409,
  // Dividends
  DIVIDEND_NOT_FOUND: 404,
  REWARD_NOT_FOUND: 404,
  REWARD_ALREADY_REVERSED: 409,
  // Follow trading
  /** The spec's "lead trader does not exist": no approved lead by that id (or suspended). */
  LEAD_TRADER_NOT_FOUND: 404,
  /** The spec's "time limit exceeded": the copy's follow period has ended. */
  FOLLOW_TIME_LIMIT_EXCEEDED: 409,
  NICKNAME_INVALID: 400,
  NICKNAME_TAKEN: 409,
  LEAD_APPLICATION_EXISTS: 409,
  /** Too few closed trades to lead (LEAD_MIN_TRADES). */
  LEAD_HISTORY_TOO_SHORT: 409,
  LEAD_NOT_PENDING: 409,
  LEAD_NOT_APPROVED: 409,
  /** The lead's risk score is at the hiding threshold: no new copiers. */
  LEAD_HIDDEN: 409,
  COPY_SELF: 400,
  ALREADY_COPYING: 409,
  COPY_AMOUNT_OUT_OF_RANGE: 400,
  COPY_STOP_INVALID: 400,
  FOLLOW_PERIOD_INVALID: 400,
  RISK_NOT_ACCEPTED: 400,
  COPY_NOT_FOUND: 404,
  COPY_NOT_ACTIVE: 409,
  /** Taking money out would leave the copy below the minimum or its open mirrors unfunded. */
  COPY_FUNDS_INSUFFICIENT: 409,
  /** A position mirrored from a lead closes through its copy, so the proceeds return to the copy. */
  POSITION_MIRRORED: 409,
  // Online support
  SUPPORT_TOPIC_INVALID: 400,
  SUPPORT_MESSAGE_REQUIRED: 400,
  SUPPORT_CONVERSATION_NOT_FOUND: 404,
  /** Too many support messages from one member in a short time (SUPPORT_RATE). */
  SUPPORT_THROTTLED: 429,
  // New shares (IPO)
  OFFERING_NOT_FOUND: 404,
  SUBSCRIPTION_NOT_FOUND: 404,
  /** Spec: "not yet subscription or listing time": book-building has not opened. */
  IPO_NOT_YET_OPEN: 409,
  /** Spec: "channel not open": book-building for this new share is over. */
  IPO_CHANNEL_CLOSED: 409,
  /** Spec: "only one subscription per new share". */
  IPO_ALREADY_SUBSCRIBED: 409,
  /** Spec: "lots must be whole numbers". */
  UNITS_NOT_WHOLE: 400,
  /** A declared price outside the price band. */
  PRICE_OUTSIDE_BAND: 400,
  /** Spec: "order not in payment or subscription state". */
  SUBSCRIPTION_STATE_INVALID: 409,
  OFFERING_CODE_EXISTS: 409,
  /** A date is not a trading day, or the dates are out of order (details.field says which). */
  OFFERING_SCHEDULE_INVALID: 400,
  OFFERING_BAND_INVALID: 400,
  /** An offering can be edited only before book-building opens. */
  OFFERING_NOT_EDITABLE: 409,
  /** The price is set after the book closes and the draw after the price: this step is not the next. */
  OFFERING_STAGE_INVALID: 409,
  // Block trades
  /** Spec: "closed": outside the block desk's hours (BLOCK_HOURS), or the offering's window. */
  BLOCK_CLOSED: 409,
  /** Spec: "daily purchase limit": today's block applications would hold more than BLOCK_DAILY_LIMIT. */
  BLOCK_DAILY_LIMIT: 409,
  /** Spec: "minimum shares" / "maximum shares" of the offering or the instrument. */
  BLOCK_MIN_SHARES: 400,
  BLOCK_MAX_SHARES: 400,
  /** A negotiated bid's price is more than 7% (at least ¥5) from the last auction trade. */
  BLOCK_PRICE_LIMIT: 400,
  /** The instrument is not open to negotiated bids (or has no auction price yet). */
  BLOCK_NOT_OPEN: 409,
  BLOCK_OFFERING_NOT_FOUND: 404,
  BLOCK_APPLICATION_NOT_FOUND: 404,
  /** One live application per member per offering. */
  BLOCK_ALREADY_APPLIED: 409,
  /** An offering's window must open before it closes, and its sizes be in order. */
  BLOCK_WINDOW_INVALID: 400,
  /** The draw runs once, after the window closes. */
  BLOCK_OFFERING_NOT_CLOSED: 409,
  // Operations
  STAFF_LOGIN_FAILED: 401,
  STAFF_LOGIN_THROTTLED: 429,
  STAFF_UNAUTHENTICATED: 401,
  STAFF_EXISTS: 409,
  STAFF_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  REASON_REQUIRED: 400,
  MAKER_CHECKER: 409,
  NEWS_NOT_FOUND: 404,
  CONFIG_NAME_INVALID: 400,
  CREDIT_LINE_INVALID: 400,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorStatus, value);
}

/** Socket-level refusals, given per topic in a subscribe ack. */
export const topicErrorCodes = ["TOPIC_INVALID", "SYMBOL_NOT_FOUND", "TOPICS_LIMIT", "FORBIDDEN"] as const;
export type TopicErrorCode = (typeof topicErrorCodes)[number];
