import { productCodes } from "./product-codes.ts";

/** The codes of member statements (see `product-codes.ts`). */
export const statementsCodes = productCodes({
  errors: {
    /** Not a Tokyo month (`2026-11`) or year (`2026`). */
    STATEMENT_PERIOD_INVALID: 400,
    /** The period has not begun yet in Tokyo. */
    STATEMENT_PERIOD_FUTURE: 400,
    /** The period ended before the member opened their account. */
    STATEMENT_PERIOD_BEFORE_JOINING: 400,
    /** Neither `csv` nor `pdf`. */
    STATEMENT_FORMAT_INVALID: 400,
    /** Not one of the interface languages. */
    STATEMENT_LANGUAGE_INVALID: 400,
  },
  /** Staff produced a member's statement from the console. */
  audit: ["statement.produce"],
});
