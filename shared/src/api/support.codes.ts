import { productCodes } from "./product-codes.ts";

/** The codes of online support (see `product-codes.ts`). */
export const supportCodes = productCodes({
  errors: {
    SUPPORT_TOPIC_INVALID: 400,
    SUPPORT_MESSAGE_REQUIRED: 400,
    SUPPORT_CONVERSATION_NOT_FOUND: 404,
    /** Too many support messages from one member in a short time (SUPPORT_RATE). */
    SUPPORT_THROTTLED: 429,
  },
  audit: ["support.reply"],
});
