import { z } from "zod";
import { safeText } from "../text.ts";

// What staff decide on a member's request, shared by every product's staff endpoints. Apart from
// ops.ts on purpose: a member's screen whose schemas carry a decision's reason (a reward's, a
// loan's) would otherwise load and build every console schema in ops.ts before its first paint.

/** Every staff decision carries a reason: the member reads it, the audit log keeps it. */
export const reasonSchema = safeText({ error: "REASON_REQUIRED", multiline: true })
  .trim()
  .min(1, { error: "REASON_REQUIRED" })
  .max(500, { error: "VALIDATION_FAILED" });

export const reviewDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: "VALIDATION_FAILED" }),
  /** Required to reject; optional to approve. */
  reason: safeText({ multiline: true }).trim().max(500).optional(),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;
