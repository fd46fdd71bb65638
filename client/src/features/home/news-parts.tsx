import type { NewsKind, NewsSummary } from "@kabuto/shared/api/news";
import { formatDate } from "@kabuto/shared/format";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { localText, newsDetailPath, newsZone } from "./news.ts";

export const newsKindLabels: Record<NewsKind, MessageDescriptor> = {
  news: msg({ message: "News", context: "news kind" }),
  announcement: msg({ message: "Announcement", context: "news kind" }),
};

export function NewsKindTag({ kind }: { kind: NewsKind }) {
  const { i18n } = useLingui();
  return (
    <span className="tag news-kind" data-kind={kind}>
      {i18n._(newsKindLabels[kind])}
    </span>
  );
}

/** The publication date on Tokyo's clock, machine-readable too. */
export function NewsDate({ epochMs, className }: { epochMs: number; className?: string }) {
  const locale = useLocale();
  return (
    <time className={className} dateTime={new Date(epochMs).toISOString()}>
      {formatDate(epochMs, locale, newsZone)}
    </time>
  );
}

/** One headline: its title (two lines at most) and date; the whole row opens the item. */
export function NewsRow({ item }: { item: NewsSummary }) {
  const locale = useLocale();
  return (
    <li>
      <Link href={newsDetailPath(item.id)} className="news-row" data-testid="news-row" data-id={item.id}>
        <span className="news-row__title">{localText(item.title, locale)}</span>
        <NewsDate epochMs={item.publishedAtMs} className="news-row__date num" />
      </Link>
    </li>
  );
}

/** Rows standing in for headlines still on their way. */
export function NewsSkeleton({ rows }: { rows: number }) {
  return (
    <ul className="news-list" aria-busy="true">
      {Array.from({ length: rows }, (_, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={position} className="news-row">
          <span className="skeleton" style={{ width: "85%" }} />
          <span className="skeleton" style={{ width: "5.5rem" }} />
        </li>
      ))}
    </ul>
  );
}
