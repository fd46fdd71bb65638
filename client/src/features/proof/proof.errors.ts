import type { proofCodes } from "@kabuto/shared/api/proof.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of proof of liabilities say to a member. */
export const proofErrors: ErrorMessages<typeof proofCodes> = {
  PROOF_SNAPSHOT_NOT_FOUND: msg`This snapshot does not exist.`,
  PROOF_NOT_INCLUDED: msg`This snapshot was taken before you joined: open a later one.`,
};
