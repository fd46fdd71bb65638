import { Fragment, type ReactNode, useState } from "react";
import { OpsPage } from "./parts.tsx";

/** What the form of an editor page is told: it closes, or it saved (and the list reloads). */
export interface EditorForm {
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A list screen whose items are written in a form above the list (deposit channels, news):
 * the button beside the title opens it empty, the list's "Edit" opens it with an item.
 */
export function EditorPage<T extends { id: string }>({
  title,
  addLabel,
  onSaved,
  form,
  children,
}: {
  title: ReactNode;
  addLabel: ReactNode;
  /**
   * After the form saved. The list reads again by itself: a save goes through an endpoint of the
   * list's tag, which makes the list stale.
   */
  onSaved?: () => void;
  /** The form for an item, or for a new one (`undefined`). */
  form: (item: T | undefined, events: EditorForm) => ReactNode;
  /** The list, given the way to open an item in the form. */
  children: (edit: (item: T) => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const events: EditorForm = {
    onClose: () => setEditing(null),
    onSaved: () => {
      setEditing(null);
      onSaved?.();
    },
  };
  return (
    <OpsPage
      title={title}
      actions={
        editing === null && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setEditing("new")}
          >
            {addLabel}
          </button>
        )
      }
    >
      {editing !== null && (
        // A form of its own per item: opening another starts from that item's fields.
        <Fragment key={editing === "new" ? "new" : editing.id}>
          {form(editing === "new" ? undefined : editing, events)}
        </Fragment>
      )}
      {children(setEditing)}
    </OpsPage>
  );
}
