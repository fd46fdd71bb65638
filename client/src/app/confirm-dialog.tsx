import { AlertDialog } from "@base-ui/react/alert-dialog";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What will happen, in a sentence or a short list of figures. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** While the action runs: the confirm button is disabled and the dialog stays open. */
  busy?: boolean;
  testId?: string;
}

/** Asks before an action that cannot be undone (closing a position, cancelling an order). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy,
  testId,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog" data-testid={testId}>
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          {children && <div className="dialog__body">{children}</div>}
          <div className="dialog__actions">
            <AlertDialog.Close className="button button--outline">
              <Trans context="go back">Back</Trans>
            </AlertDialog.Close>
            <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
