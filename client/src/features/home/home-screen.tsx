import type { ConfigEntry } from "@kabuto/shared/api/system";
import type { EndpointResponse } from "@kabuto/shared/endpoint";
import { marketApi } from "@kabuto/shared/endpoints/market";
import { newsApi } from "@kabuto/shared/endpoints/news";
import { rewardsApi } from "@kabuto/shared/endpoints/rewards";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { type HomeShortcut, partsOf } from "../../app/feature.ts";
import { features } from "../../app/features.ts";
import { IconChevron, IconSearch, KabutoMark } from "../../app/icons.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { configValue, loadPublicConfig, supportLink } from "../../lib/config-title.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { SessionBadge } from "../market/session-badge.tsx";
import { CheckInCard, CheckInCardPlaceholder } from "../rewards/check-in-card.tsx";
import { InviteBanner } from "../rewards/invite-promo.tsx";
import { homeNewsCount } from "./home.feature.ts";
import { IconChat, IconHeadset, IconMegaphone } from "./home-icons.tsx";
import { IndexCard, IndexCardPlaceholder, indexPlaceholderCount } from "./index-strip.tsx";
import { localText, newsDetailPath, newsListPath } from "./news.ts";
import { NewsRow, NewsSkeleton } from "./news-parts.tsx";
import { type Fresh, freshOf, useFresh } from "./use-fresh.ts";
import "./home.css";

/** A shortcut of Home's own: the support links operations set. */
interface Shortcut {
  /** A screen of the app, or an address outside it (opened in a new tab). */
  href: string;
  external?: boolean;
  label: ReactNode;
  icon: ReactNode;
  testId: string;
}

/** Every feature's shortcuts, in their order; the support links go between search and the language. */
const featureShortcuts = partsOf(features, "homeShortcuts");
const supportShortcutsOrder = 150;

/**
 * Home: the newest announcement, the markets at a glance, shortcuts and the newest news. Every
 * shortcut of the spec is here, each a link to its screen.
 */
export function HomeScreen() {
  const { t } = useLingui();
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
      <AnnouncementStrip />
      <Markets />
      <HomeCheckIn />
      <InviteBanner />
      <Shortcuts />
      <NewsSection />
    </main>
  );
}

/**
 * The daily check-in for a signed-in member; nothing for a visitor. While the member's rewards
 * load, the card's frame holds its place, so the shortcuts below do not jump when it fills.
 */
function HomeCheckIn() {
  const session = useSessionState();
  const rewards = useEndpoint(rewardsApi.summary, {});
  if (!session) return null;
  if (rewards.status === "loading") return <CheckInCardPlaceholder />;
  if (rewards.status !== "ready") return null;
  return <CheckInCard rewards={rewards.value} onCheckedIn={rewards.reload} linkToRewards />;
}

/** The newest announcement on one line; none, no strip. */
function AnnouncementStrip() {
  const { t } = useLingui();
  const locale = useLocale();
  const latest = freshOf(useEndpoint(newsApi.list, { query: { kind: "announcement", limit: 1 } }));
  // While the newest notice loads, the strip's frame holds its place, so nothing below jumps
  // when it fills; a house with no notice at all gives the place back once it knows.
  if (latest.value === undefined && latest.error === undefined)
    return <div className="announcement-strip" aria-hidden="true" data-testid="announcement-placeholder" />;
  const item = latest.value?.items[0];
  if (!item) return null;
  const title = localText(item.title, locale);
  return (
    <Link
      href={newsDetailPath(item.id)}
      className="announcement-strip"
      aria-label={t`Announcement: ${title}`}
      data-testid="announcement-strip"
    >
      <IconMegaphone className="announcement-strip__icon" />
      <span className="announcement-strip__title">{title}</span>
      <IconChevron className="announcement-strip__chevron" />
    </Link>
  );
}

function Markets() {
  const { i18n } = useLingui();
  const indices = useEndpoint(marketApi.indices, {});
  return (
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
          ? indices.value.items.map((index) => <IndexCard key={index.symbol} index={index} />)
          : indices.status === "loading" &&
            Array.from({ length: indexPlaceholderCount }, (_, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <IndexCardPlaceholder key={position} />
            ))}
      </ul>
    </section>
  );
}

/**
 * The support links operations set; customer service is offered only when set (a web address, or
 * one of the app's support pages, which opens inside the app).
 */
function supportShortcuts(entries: readonly ConfigEntry[]): Shortcut[] {
  const shortcuts: Shortcut[] = [];
  const customerService = supportLink(configValue(entries, "customerServiceUrl"));
  if (customerService) {
    shortcuts.push({
      ...customerService,
      label: <Trans>Customer service</Trans>,
      icon: <IconHeadset />,
      testId: "shortcut-customer-service",
    });
  }
  // The spec's "online service" is the in-app conversation with staff (/user/pj), always offered;
  // a link operations set (onlineSupportUrl) takes its place when given.
  const onlineSupport = supportLink(configValue(entries, "onlineSupportUrl"));
  shortcuts.push({
    ...(onlineSupport ?? { href: "/user/pj", external: false }),
    label: <Trans>Online support</Trans>,
    icon: <IconChat />,
    testId: "shortcut-online-support",
  });
  return shortcuts;
}

/**
 * Four to a row: trading and money first (the spec's "negotiated bidding" is the order screen,
 * reached through search), then the markets (watchlist, the US extended sessions, hot lists),
 * then exchange, search, help and the language.
 */
function Shortcuts() {
  const { i18n, t } = useLingui();
  const config = useFresh(loadPublicConfig);
  const own = (shortcuts: HomeShortcut[]): Shortcut[] =>
    shortcuts.map((shortcut) => ({
      href: shortcut.href,
      label: i18n._(shortcut.label),
      icon: <shortcut.icon />,
      testId: shortcut.testId,
    }));
  const shortcuts: Shortcut[] = [
    ...own(featureShortcuts.filter((shortcut) => shortcut.order < supportShortcutsOrder)),
    ...supportShortcuts(config.value ?? []),
    ...own(featureShortcuts.filter((shortcut) => shortcut.order >= supportShortcutsOrder)),
  ];
  return (
    <nav className="shortcuts" aria-label={t`Shortcuts`}>
      {shortcuts.map((shortcut) => {
        const content = (
          <>
            <span className="shortcut__icon">{shortcut.icon}</span>
            <span className="shortcut__label">{shortcut.label}</span>
          </>
        );
        return shortcut.external ? (
          <a
            key={shortcut.testId}
            href={shortcut.href}
            target="_blank"
            rel="noopener noreferrer"
            className="shortcut"
            data-testid={shortcut.testId}
          >
            {content}
            <span className="visually-hidden">{t`(opens in a new tab)`}</span>
          </a>
        ) : (
          <Link key={shortcut.testId} href={shortcut.href} className="shortcut" data-testid={shortcut.testId}>
            {content}
          </Link>
        );
      })}
    </nav>
  );
}

/** The newest headlines with their dates, and the way to all of them. */
function NewsSection() {
  const { t } = useLingui();
  const news = freshOf(useEndpoint(newsApi.list, { query: { kind: "news", limit: homeNewsCount } }));
  return (
    <section aria-labelledby="home-news" className="home-news">
      <h2 id="home-news" className="section-title">
        <Trans>News</Trans>
        <Link href={newsListPath("news")} className="section-title__more" aria-label={t`More news`}>
          <Trans>More</Trans>
          <IconChevron />
        </Link>
      </h2>
      <NewsHeadlines news={news} />
    </section>
  );
}

function NewsHeadlines({ news }: { news: Fresh<EndpointResponse<typeof newsApi.list>> }) {
  const { i18n } = useLingui();
  if (news.value === undefined) {
    if (news.error === undefined) return <NewsSkeleton rows={homeNewsCount} />;
    return (
      <div className="news-empty" role="alert">
        <span>{errorMessage(i18n, errorCode(news.error))}</span>
        <button type="button" className="button button--outline button--small" onClick={news.retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (news.value.items.length === 0) {
    return (
      <p className="news-empty">
        <Trans>No news yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="news-list" data-testid="home-news">
      {news.value.items.map((item) => (
        <NewsRow key={item.id} item={item} />
      ))}
    </ul>
  );
}
