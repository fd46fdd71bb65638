import { reasonSchema } from "@kabuto/shared/api/ops";
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../app/confirm-dialog.tsx";
import type { FieldError } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { firstFieldError } from "../auth/form-errors.ts";
import { TextArea, useBusy } from "./parts.tsx";

/**
 * Asks before an action that staff must give a reason for (kept in the audit log): the
 * dialog stays open until the reason is valid and the action has gone through, then closes.
 */
export function ReasonDialog({
  id,
  title,
  confirmLabel,
  act,
  doneMessage,
  onClose,
  onDone,
  children,
}: {
  /** The reason field's id. */
  id: string;
  title: ReactNode;
  confirmLabel: ReactNode;
  act: (reason: string) => Promise<unknown>;
  /** The notice once it is done. */
  doneMessage: string;
  onClose: () => void;
  /** After the action went through (and the dialog closed); reads of its tag are read again by themselves. */
  onDone?: () => void;
  /** What the action does, above the reason. */
  children?: ReactNode;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FieldError>();
  const [busy, run] = useBusy();

  function confirm() {
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(firstFieldError(parsed.error.issues));
      return;
    }
    void run(async () => {
      await act(parsed.data);
      notifySuccess(doneMessage);
      onClose();
      onDone?.();
    });
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={confirm}
      busy={busy}
    >
      {children}
      <TextArea
        id={id}
        label={<Trans>Reason</Trans>}
        value={reason}
        onChange={setReason}
        error={error}
        maxLength={500}
      />
    </ConfirmDialog>
  );
}
