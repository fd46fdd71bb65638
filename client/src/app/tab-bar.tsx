import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { IconFollow, IconHome, IconMine, IconQuotes, IconTrade } from "./icons.tsx";
import { goToTab, homePath } from "./tab-navigation.ts";

interface Tab {
  path: string;
  /** Paths under this prefix light the tab up too. */
  area: string;
  label: string;
  icon: ReactNode;
}

/**
 * The bottom menu, as the spec orders it: Home, Transaction, Quotes, Follow, Mine. Its history is a
 * phone app's: see tab-navigation.ts.
 */
export function TabBar() {
  const { t } = useLingui();
  const [path] = useLocation();
  const tabs: Tab[] = [
    { path: homePath, area: "/home/", label: t`Home`, icon: <IconHome /> },
    { path: "/position/position", area: "/position/", label: t`Trade`, icon: <IconTrade /> },
    { path: "/market/market", area: "/market/", label: t`Quotes`, icon: <IconQuotes /> },
    { path: "/gdindex/gdindex", area: "/gdindex/", label: t`Follow`, icon: <IconFollow /> },
    { path: "/user/usercenter", area: "/user/", label: t`Mine`, icon: <IconMine /> },
  ];
  return (
    <nav className="tab-bar" aria-label={t`Main menu`}>
      {tabs.map((tab) => {
        const current = path.startsWith(tab.area);
        return (
          <Link
            key={tab.path}
            href={tab.path}
            className="tab-bar__tab"
            aria-current={current ? "page" : undefined}
            onClick={(event) => {
              event.preventDefault();
              goToTab(path, tab.path);
            }}
          >
            <span className="tab-bar__icon">{tab.icon}</span>
            <span className="tab-bar__label">{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
