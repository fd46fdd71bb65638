import type { StaffRole } from "@kabuto/shared/api/ops";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import { KabutoMark } from "../../app/icons.tsx";
import { activateLocale } from "../../i18n/i18n.ts";
import { appLocales, localeEndonyms } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { sectionOf, sectionsFor } from "./ops-nav.ts";
import { useStaffSession } from "./ops-session.tsx";
import { Tag } from "./parts.tsx";

export const roleLabels: Record<StaffRole, MessageDescriptor> = {
  reviewer: msg({ message: "Reviewer", context: "staff role" }),
  supervisor: msg({ message: "Supervisor", context: "staff role" }),
  admin: msg({ message: "Administrator", context: "staff role" }),
};

/** The console's frame: a top bar, the menu (a side column on a desk, a scrolling strip on a phone) and the screen. */
export function OpsLayout({ children }: { children: ReactNode }) {
  const { i18n, t } = useLingui();
  const { staff, signOut } = useStaffSession();
  const [path] = useLocation();
  const current = sectionOf(path);
  const nav = useRef<HTMLElement>(null);
  useCentredItem(nav, current?.area);
  return (
    <div className="ops">
      <header className="ops-bar">
        <Link href="/ops" className="ops-bar__brand">
          <KabutoMark />
          <span>
            <Trans>Kabuto operations</Trans>
          </span>
        </Link>
        <div className="ops-bar__end">
          <span className="ops-bar__who">
            <span className="ops-bar__name">{staff.name}</span>
            <Tag>{i18n._(roleLabels[staff.role])}</Tag>
          </span>
          <LocaleSelect />
          <button type="button" className="button button--outline button--small" onClick={signOut}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </header>
      <nav ref={nav} className="ops-nav" aria-label={t`Console menu`}>
        {sectionsFor(staff.role).map((section) => (
          <Link
            key={section.area}
            href={section.path}
            className="ops-nav__item"
            aria-current={current?.area === section.area ? "page" : undefined}
          >
            {i18n._(section.label)}
          </Link>
        ))}
      </nav>
      <main className="ops-main">{children}</main>
    </div>
  );
}

/** On a phone the menu is a strip wider than the screen: keep the current item in view. */
function useCentredItem(nav: RefObject<HTMLElement | null>, area: string | undefined): void {
  useEffect(() => {
    const strip = nav.current;
    const item = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !item || area === undefined || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = item.offsetLeft - (strip.clientWidth - item.offsetWidth) / 2;
  }, [nav, area]);
}

/** The interface language, each named in itself; the choice is remembered as in the member app. */
export function LocaleSelect() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <select
      className="ops-select ops-select--small"
      aria-label={t`Language`}
      value={locale}
      onChange={(event) => {
        const next = appLocales.find((option) => option === event.target.value);
        if (next) void activateLocale(next);
      }}
    >
      {appLocales.map((option) => (
        <option key={option} value={option} lang={option}>
          {localeEndonyms[option]}
        </option>
      ))}
    </select>
  );
}
