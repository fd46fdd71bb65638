import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { IconGlobe, IconQuotes, IconSearch, IconStar, KabutoMark } from "../../app/icons.tsx";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useAsync } from "../../lib/use-async.ts";
import { fetchIndices } from "../market/market-api.ts";
import { SessionBadge } from "../market/session-badge.tsx";
import { IndexCard } from "./index-strip.tsx";
import "./home.css";

interface Shortcut {
  href: string;
  label: ReactNode;
  icon: ReactNode;
}

/**
 * Home: the markets at a glance and shortcuts. Only screens that exist are offered; the spec's
 * other shortcuts (IPO, deposit, block trade...) arrive with their screens.
 */
export function HomeScreen() {
  const { t, i18n } = useLingui();
  const indices = useAsync("indices", fetchIndices);
  const shortcuts: Shortcut[] = [
    { href: "/market/market", label: <Trans>Quotes</Trans>, icon: <IconQuotes /> },
    { href: "/home/search", label: <Trans>Search</Trans>, icon: <IconSearch /> },
    { href: "/market/market?tab=watchlist", label: <Trans>Watchlist</Trans>, icon: <IconStar /> },
    { href: "/user/changeLang", label: <Trans>Language</Trans>, icon: <IconGlobe /> },
  ];
  return (
    <main className="home">
      <header className="home__top">
        <span className="home__brand">
          <KabutoMark className="home__mark" />
          <Trans>Kabuto</Trans>
        </span>
        <Link href="/home/search" className="home__search" aria-label={t`Search stocks`}>
          <IconSearch />
          <span>
            <Trans>Code or name</Trans>
          </span>
        </Link>
      </header>

      <section aria-labelledby="home-markets">
        <h2 id="home-markets" className="section-title">
          <Trans>Markets</Trans>
          <span className="home__sessions">
            <SessionBadge market="JP" named />
            <SessionBadge market="US" named />
          </span>
        </h2>
        {indices.status === "error" && (
          <p className="empty" role="alert">
            {errorMessage(i18n, errorCode(indices.error))}
          </p>
        )}
        <ul className="index-strip">
          {indices.status === "ready"
            ? indices.value.map((index) => <IndexCard key={index.symbol} index={index} />)
            : indices.status === "loading" &&
              Array.from({ length: 4 }, (_, position) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={position} className="index-card">
                  <span className="skeleton" />
                  <span className="skeleton" style={{ width: "70%", height: "1.25rem" }} />
                </li>
              ))}
        </ul>
      </section>

      <nav className="shortcuts" aria-label={t`Shortcuts`}>
        {shortcuts.map((shortcut) => (
          <Link key={shortcut.href} href={shortcut.href} className="shortcut">
            <span className="shortcut__icon">{shortcut.icon}</span>
            <span className="shortcut__label">{shortcut.label}</span>
          </Link>
        ))}
      </nav>
    </main>
  );
}
