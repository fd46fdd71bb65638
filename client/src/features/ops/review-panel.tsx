import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../app/confirm-dialog.tsx";
import type { FieldError } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { TextArea, useBusy } from "./parts.tsx";
import { type Decision, reasonError } from "./review-rules.ts";

interface ReviewPanelProps {
  /** Sends the decision; the reason is undefined for an approval without one. */
  decide: (decision: Decision, reason: string | undefined) => Promise<void>;
  /** What approving does, shown in the confirmation (e.g. the amount credited). */
  approveSummary: ReactNode;
  rejectSummary: ReactNode;
  /** Approval withheld (maker–checker, or not yet checked), with why. */
  approveBlocked?: ReactNode;
  /** After the decision went through; the request's screen reads it again by itself (the console's tag). */
  onDone?: () => void;
}

/** Approve or reject a request, with a reason (required to reject: the member reads it). */
export function ReviewPanel({
  decide,
  approveSummary,
  rejectSummary,
  approveBlocked,
  onDone,
}: ReviewPanelProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FieldError>();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [busy, run] = useBusy();

  function ask(decision: Decision) {
    const found = reasonError(decision, reason);
    setError(found);
    if (!found) setConfirming(decision);
  }

  function confirm() {
    if (!confirming) return;
    void run(async () => {
      await decide(confirming, reason.trim() === "" ? undefined : reason.trim());
      notifySuccess(confirming === "approve" ? t`Approved` : t`Rejected`);
      setConfirming(null);
      setReason("");
      onDone?.();
    });
  }

  return (
    <section className="ops-card ops-review" aria-labelledby="review-title">
      <h2 id="review-title" className="ops-card__title">
        <Trans>Decision</Trans>
      </h2>
      <TextArea
        id="review-reason"
        label={<Trans>Reason (required to reject; the member sees it)</Trans>}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
        error={error}
        maxLength={500}
      />
      {approveBlocked && <p className="ops-review__note">{approveBlocked}</p>}
      <div className="ops-form__actions">
        <button
          type="button"
          className="button button--danger-text"
          onClick={() => ask("reject")}
          data-testid="review-reject"
        >
          <Trans>Reject</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => ask("approve")}
          disabled={approveBlocked !== undefined}
          data-testid="review-approve"
        >
          <Trans>Approve</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming === "reject" ? <Trans>Reject this request?</Trans> : <Trans>Approve this request?</Trans>
        }
        confirmLabel={confirming === "reject" ? <Trans>Reject</Trans> : <Trans>Approve</Trans>}
        onConfirm={confirm}
        busy={busy}
        testId="review-confirm"
      >
        {confirming === "reject" ? rejectSummary : approveSummary}
        {reason.trim() && (
          <p>
            <Trans>Reason: {reason.trim()}</Trans>
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
