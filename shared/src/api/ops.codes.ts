import { productCodes } from "./product-codes.ts";

/** The codes of the operations console and its staff (see `product-codes.ts`). */
export const opsCodes = productCodes({
  errors: {
    STAFF_LOGIN_FAILED: 401,
    STAFF_LOGIN_THROTTLED: 429,
    STAFF_UNAUTHENTICATED: 401,
    STAFF_EXISTS: 409,
    STAFF_NOT_FOUND: 404,
  },
  audit: ["member.flags", "member.adjust", "staff.create", "staff.disable", "staff.enable"],
  journals: ["adjustment"],
});
