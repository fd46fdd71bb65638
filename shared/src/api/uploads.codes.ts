import { productCodes } from "./product-codes.ts";

/** The codes of uploads (see `product-codes.ts`). */
export const uploadsCodes = productCodes({
  errors: {
    UPLOAD_REQUIRED: 400,
    UPLOAD_TYPE_INVALID: 415,
    UPLOAD_TOO_LARGE: 413,
    UPLOAD_FAILED: 400,
    UPLOAD_NOT_FOUND: 404,
  },
});
