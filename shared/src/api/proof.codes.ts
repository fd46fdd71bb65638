import { productCodes } from "./product-codes.ts";

/** The codes of proof of liabilities (see `product-codes.ts`). */
export const proofCodes = productCodes({
  errors: {
    PROOF_SNAPSHOT_NOT_FOUND: 404,
    /** The member joined after the snapshot was taken: it has no leaf of theirs. */
    PROOF_NOT_INCLUDED: 404,
  },
  audit: ["proof.snapshot"],
});
