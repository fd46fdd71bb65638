import { productCodes } from "./product-codes.ts";

/** The codes of registration and sign-in (see `product-codes.ts`). */
export const authCodes = productCodes({
  errors: {
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
  },
});
