import type { ReactNode } from "react";
import { Link } from "wouter";

/**
 * A detail screen opened without what it details (an address without its `id`, or one that names
 * nothing): what to choose, and the list to choose it from. The link replaces the dead end, so
 * going back from the list does not return to it.
 */
export function ChooseFirst({
  message,
  listPath,
  listLabel,
}: {
  message: ReactNode;
  listPath: string;
  listLabel: ReactNode;
}) {
  return (
    <div className="empty" role="status" data-testid="choose-first">
      <p>{message}</p>
      <Link href={listPath} className="button button--primary" replace data-testid="choose-first-list">
        {listLabel}
      </Link>
    </div>
  );
}
