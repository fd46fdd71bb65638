import { fieldIssueOf } from "@kabuto/shared/api/field-issues";
import { reasonSchema } from "@kabuto/shared/api/ops";
import type { FieldError } from "../../lib/api-error.ts";
import { toFieldError } from "../auth/form-errors.ts";

/**
 * The console's side of the review rules. The server decides every one of them again; these
 * only keep staff from sending what it would refuse and hide buttons their role cannot use.
 */

export type Decision = "approve" | "reject";

/**
 * The error code of a decision's reason, or undefined when it may be sent. A rejection needs
 * one (the member reads it); an approval may carry one, bounded like any reason.
 */
export function reasonError(decision: Decision, reason: string): FieldError | undefined {
  if (decision === "approve" && reason.trim() === "") return undefined;
  const parsed = reasonSchema.safeParse(reason);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue ? toFieldError(fieldIssueOf(issue)) : undefined;
}

export type WithdrawalStatus = "pending" | "checked" | "approved" | "rejected";

export interface WithdrawalReviewState {
  status: WithdrawalStatus;
  /** The staff member who checked it (or last changed it): maker–checker forbids them to approve. */
  makerStaffId: string | null;
}

/** What the signed-in staff member may do with a withdrawal now. */
export interface WithdrawalActions {
  check: boolean;
  approve: boolean;
  reject: boolean;
  /** Approval is withheld because this staff member checked it themselves. */
  blockedAsMaker: boolean;
}

/**
 * Pending: anyone reviewing may check it (prepare the payout) or reject it. Checked: someone
 * other than the checker approves it (maker–checker), anyone may still reject it.
 */
export function withdrawalActions(withdrawal: WithdrawalReviewState, staffId: string): WithdrawalActions {
  const open = withdrawal.status === "pending" || withdrawal.status === "checked";
  const checked = withdrawal.status === "checked";
  const isMaker = withdrawal.makerStaffId !== null && withdrawal.makerStaffId === staffId;
  return {
    check: withdrawal.status === "pending",
    approve: checked && !isMaker,
    reject: open,
    blockedAsMaker: checked && isMaker,
  };
}
