import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { goBack } from "./back-button.ts";
import { IconBack } from "./icons.tsx";

interface PageHeaderProps {
  title: ReactNode;
  /** Shows the back arrow; its target when the page was opened directly. */
  back?: string;
  /** Controls at the right end (at most one or two buttons). */
  actions?: ReactNode;
}

/** The sticky top bar of a screen: back arrow, centred title, actions. */
export function PageHeader({ title, back, actions }: PageHeaderProps) {
  const { t } = useLingui();
  return (
    <header className="page-header">
      <div className="page-header__side">
        {back !== undefined && (
          <button
            type="button"
            className="icon-button"
            aria-label={t({ message: "Back", context: "go back" })}
            onClick={() => goBack(back)}
          >
            <IconBack />
          </button>
        )}
      </div>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__side page-header__side--end">{actions}</div>
    </header>
  );
}
