import { productCodes } from "./product-codes.ts";

/**
 * The codes every product shares: malformed or refused requests, the member's gates (frozen,
 * barred, identity unverified) and money or review checks many products make.
 */
export const kernelCodes = productCodes({
  errors: {
    BAD_REQUEST: 400,
    VALIDATION_FAILED: 400,
    /** A path parameter holds an escape that decodes to no text (`%C0%80`, a bare `%`). */
    PATH_INVALID: 400,
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
    ACCOUNT_FROZEN: 403,
    ACCOUNT_DISABLED: 403,
    INSUFFICIENT_BALANCE: 409,
    TRADING_BARRED: 403,
    AMOUNT_INVALID: 400,
    IDEMPOTENCY_KEY_INVALID: 400,
    WITHDRAW_BARRED: 403,
    KYC_REQUIRED: 403,
    CURRENCY_INVALID: 400,
    REQUEST_NOT_PENDING: 409,
    MEMBER_NOT_FOUND: 404,
    REASON_REQUIRED: 400,
    MAKER_CHECKER: 409,
  },
});
