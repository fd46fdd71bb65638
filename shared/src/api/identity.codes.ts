import { productCodes } from "./product-codes.ts";

/** The codes of identity, passwords and bank cards (see `product-codes.ts`). */
export const identityCodes = productCodes({
  errors: {
    OLD_PASSWORD_WRONG: 400,
    FUND_PASSWORD_REQUIRED: 400,
    FUND_PASSWORD_INVALID: 400,
    FUND_PASSWORD_NOT_SET: 409,
    FUND_PASSWORD_WRONG: 400,
    FUND_PASSWORD_THROTTLED: 429,
    NAME_REQUIRED: 400,
    NAME_KANA_INVALID: 400,
    ID_NUMBER_REQUIRED: 400,
    ID_NUMBER_INVALID: 400,
    DOCUMENT_TYPE_INVALID: 400,
    KYC_PENDING: 409,
    KYC_ALREADY_VERIFIED: 409,
    KYC_NOT_FOUND: 404,
    CARD_FIELD_REQUIRED: 400,
    CARD_NUMBER_INVALID: 400,
    CARD_HOLDER_MISMATCH: 400,
    CARD_EXISTS: 409,
    CARD_NOT_FOUND: 404,
    CARDS_LIMIT: 409,
  },
  audit: ["kyc.approve", "kyc.reject"],
});
