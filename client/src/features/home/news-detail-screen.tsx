import type { NewsItem } from "@kabuto/shared/api/news";
import { newsApi } from "@kabuto/shared/endpoints/news";
import { formatDate } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { formatNewsTime, idFromQuery, localText, newsListPath, newsZone } from "./news.ts";
import { NewsKindTag, newsKindLabels } from "./news-parts.tsx";
import { useFresh } from "./use-fresh.ts";
import "./home.css";

/** `/home/DetailsPage?id=12`: one news item or announcement, in the member's language. */
export function NewsDetailScreen() {
  const id = idFromQuery(useSearch());
  if (id === undefined) return <Problem code="NEWS_NOT_FOUND" />;
  return <NewsDetail key={id} id={id} />;
}

function Problem({ code, retry }: { code: string; retry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeader back={newsListPath("news")} title={<Trans>News and announcements</Trans>} />
      <div className="empty" role="alert" data-testid="news-problem">
        <p>{errorMessage(i18n, code)}</p>
        {retry && (
          <button type="button" className="button button--outline button--small" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        )}
      </div>
    </>
  );
}

function NewsDetail({ id }: { id: string }) {
  const item = useFresh(() => call(newsApi.item, { params: { id } }));
  if (item.value) return <Article item={item.value} />;
  if (item.error !== undefined) {
    const code = errorCode(item.error);
    // A missing item stays missing; anything else (a network failure) may pass.
    return <Problem code={code} retry={code === "NEWS_NOT_FOUND" ? undefined : item.retry} />;
  }
  return (
    <>
      <PageHeader back={newsListPath("news")} title="" />
      <article className="news-article" aria-busy="true">
        <span className="skeleton" style={{ width: "90%", height: "1.5rem" }} />
        <span className="skeleton" style={{ width: "6rem" }} />
        <span className="skeleton" style={{ width: "100%", height: "5rem" }} />
      </article>
    </>
  );
}

function Article({ item }: { item: NewsItem }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <>
      <PageHeader back={newsListPath(item.kind)} title={i18n._(newsKindLabels[item.kind])} />
      <article className="news-article" data-testid="news-article" data-kind={item.kind}>
        <h2 className="news-article__title">{localText(item.title, locale)}</h2>
        <p className="news-article__meta">
          <NewsKindTag kind={item.kind} />
          <time className="num" dateTime={new Date(item.publishedAtMs).toISOString()}>
            {formatDate(item.publishedAtMs, locale, newsZone)} {formatNewsTime(item.publishedAtMs, locale)}
          </time>
        </p>
        {/* Plain text from operations: React escapes it, and the stylesheet keeps its line breaks. */}
        <div className="news-article__body" data-testid="news-body">
          {localText(item.body, locale)}
        </div>
      </article>
    </>
  );
}
