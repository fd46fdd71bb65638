import { Tabs } from "@base-ui/react/tabs";
import type { NewsKind } from "@kabuto/shared/api/news";
import { newsApi } from "@kabuto/shared/endpoints/news";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { call } from "../../lib/api.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import {
  appendNewsPage,
  emptyNewsList,
  hasMore,
  kindFromQuery,
  type NewsList,
  newsListPath,
  newsPageSize,
  nextBefore,
} from "./news.ts";
import { NewsRow, NewsSkeleton } from "./news-parts.tsx";
import "./home.css";

/**
 * `/home/moreNews` (`?kind=announcement` for the second tab): every published item of one kind,
 * newest first, a page at a time.
 */
export function MoreNewsScreen() {
  const kind = kindFromQuery(useSearch());
  const [, navigate] = useLocation();
  return (
    <>
      <PageHeader back="/home/index" title={<Trans>News and announcements</Trans>} />
      <Tabs.Root
        value={kind}
        onValueChange={(value) =>
          navigate(newsListPath(value === "announcement" ? "announcement" : "news"), { replace: true })
        }
      >
        <Tabs.List className="underline-tabs news-tabs">
          <Tabs.Tab className="underline-tabs__tab" value="news" data-testid="tab-news">
            <Trans>News</Trans>
          </Tabs.Tab>
          <Tabs.Tab className="underline-tabs__tab" value="announcement" data-testid="tab-announcement">
            <Trans>Announcements</Trans>
          </Tabs.Tab>
          <Tabs.Indicator className="underline-tabs__indicator" />
        </Tabs.List>
        <NewsPages key={kind} kind={kind} />
      </Tabs.Root>
    </>
  );
}

/** One kind's items, the first page at once and each further one when asked for. */
function NewsPages({ kind }: { kind: NewsKind }) {
  const { i18n } = useLingui();
  const [list, setList] = useState<NewsList>(emptyNewsList);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  /**
   * The cursor of the page last asked for, so that each page is asked for once: a second tap,
   * or React running the first effect twice in development, does not load a page twice.
   */
  const requested = useRef<string | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function loadNext(from: NewsList) {
    if (!hasMore(from)) return;
    const before = nextBefore(from);
    const key = before ?? "first";
    if (requested.current === key) return;
    requested.current = key;
    setLoading(true);
    setError(undefined);
    call(newsApi.list, { query: { kind, before, limit: newsPageSize } }).then(
      (page) => {
        if (!mounted.current) {
          requested.current = undefined;
          return;
        }
        setList((previous) => appendNewsPage(previous, page));
        setLoading(false);
      },
      (failure: unknown) => {
        // A failed page may be asked for again (the Try again button).
        requested.current = undefined;
        if (!mounted.current) return;
        setError(failure);
        setLoading(false);
      },
    );
  }

  // The first page, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount; the kind is the key
  useEffect(() => loadNext(emptyNewsList), []);

  if (!list.started && error === undefined) return <NewsSkeleton rows={6} />;
  if (list.started && list.items.length === 0) {
    return (
      <p className="empty" data-testid="news-empty">
        {kind === "news" ? <Trans>No news yet.</Trans> : <Trans>No announcements yet.</Trans>}
      </p>
    );
  }
  return (
    <>
      <ul className="news-list" data-testid="news-list">
        {list.items.map((item) => (
          <NewsRow key={item.id} item={item} />
        ))}
      </ul>
      <div className="news-list__end">
        {error !== undefined ? (
          <>
            <span role="alert">{errorMessage(i18n, errorCode(error))}</span>
            <button
              type="button"
              className="button button--outline button--small"
              onClick={() => loadNext(list)}
            >
              <Trans>Try again</Trans>
            </button>
          </>
        ) : hasMore(list) ? (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => loadNext(list)}
            disabled={loading}
            data-testid="news-more"
          >
            {loading ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        ) : (
          <Trans>No more items.</Trans>
        )}
      </div>
    </>
  );
}
