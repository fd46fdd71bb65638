import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { goBack } from "../../app/back-button.ts";
import { IconClose, IconHistory, IconSearch } from "../../app/icons.tsx";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useInstrumentSearch } from "../market/market-api.ts";
import { QuoteList, QuoteListSkeleton } from "../market/quote-list.tsx";
import { buyPath, dayTradeOrderPath } from "../trading/paths.ts";
import { addTerm, loadHistory, removeTerm, saveHistory, searchTermMax } from "./search-history.ts";
import "../market/market.css";
import "./search.css";

/** Typing pauses this long before a search is sent. */
const debounceMs = 250;
/** Results one search shows: more than a screen, fewer than the API's cap. */
const resultsMax = 50;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), debounceMs);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Search by code or by name in Japanese, English or Chinese, with a history of past terms.
 * `?then=buy` (Home's trade shortcut) opens a result's order screen instead of its quote;
 * `?then=dayTrade` (the day-trading order tab) opens it in the day-trading order tab.
 */
export function SearchScreen() {
  const { t } = useLingui();
  const then = new URLSearchParams(useSearch()).get("then");
  const tradeHref = then === "buy" ? buyPath : then === "dayTrade" ? dayTradeOrderPath : undefined;
  const forTrade = tradeHref !== undefined;
  const [query, setQuery] = useState("");
  const [history, setHistory] = useState(loadHistory);
  const term = useDebounced(query.trim());

  function remember(value: string) {
    const next = addTerm(history, value);
    setHistory(next);
    saveHistory(next);
  }

  function forget(value: string) {
    const next = removeTerm(history, value);
    setHistory(next);
    saveHistory(next);
  }

  return (
    <>
      <header className="search-bar">
        <search className="search-bar__form">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              remember(query);
            }}
          >
            <label htmlFor="search-input" className="visually-hidden">
              <Trans>Search stocks</Trans>
            </label>
            <IconSearch className="search-bar__icon" />
            <input
              id="search-input"
              className="search-bar__input"
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={searchTermMax}
              placeholder={t`Code or name`}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              // biome-ignore lint/a11y/noAutofocus: the screen exists to type into this field
              autoFocus
            />
          </form>
        </search>
        <button type="button" className="button button--ghost search-bar__cancel" onClick={() => goBack()}>
          <Trans>Cancel</Trans>
        </button>
      </header>
      <main>
        {forTrade && !term && (
          <p className="search-purpose" data-testid="search-for-trade">
            <Trans>Find the stock you want to trade.</Trans>
          </p>
        )}
        {term ? (
          <Results term={term} onPick={() => remember(term)} tradeHref={tradeHref} />
        ) : (
          <History
            terms={history}
            onPick={setQuery}
            onRemove={forget}
            onClear={() => {
              setHistory([]);
              saveHistory([]);
            }}
          />
        )}
      </main>
    </>
  );
}

function Results({
  term,
  onPick,
  tradeHref,
}: {
  term: string;
  onPick: () => void;
  tradeHref: ((symbol: string) => string) | undefined;
}) {
  const { i18n } = useLingui();
  const found = useInstrumentSearch({ q: term, limit: resultsMax });
  if (found.status === "loading") return <QuoteListSkeleton />;
  if (found.status === "error") {
    return (
      <p className="empty" role="alert">
        {errorMessage(i18n, errorCode(found.error))}
      </p>
    );
  }
  if (found.value.items.length === 0) {
    return (
      <p className="empty" role="status">
        <Trans>No stocks match “{term}”.</Trans>
      </p>
    );
  }
  // Opening any result remembers the term that found it.
  return (
    <QuoteList
      items={found.value.items}
      onOpen={onPick}
      hrefOf={tradeHref ? (symbol) => tradeHref(symbol) : undefined}
    />
  );
}

interface HistoryProps {
  terms: string[];
  onPick: (term: string) => void;
  onRemove: (term: string) => void;
  onClear: () => void;
}

function History({ terms, onPick, onRemove, onClear }: HistoryProps) {
  const { t } = useLingui();
  if (terms.length === 0) {
    return (
      <p className="empty">
        <Trans>Search by stock code, or by name in Japanese, English or Chinese.</Trans>
      </p>
    );
  }
  return (
    <section aria-labelledby="search-history-title">
      <h2 id="search-history-title" className="section-title">
        <span className="search-history__title">
          <IconHistory />
          <Trans>Recent searches</Trans>
        </span>
        <button type="button" className="button button--ghost search-history__clear" onClick={onClear}>
          <Trans>Clear</Trans>
        </button>
      </h2>
      <ul className="search-history">
        {terms.map((term) => (
          <li key={term} className="chip">
            <button type="button" className="chip__label" onClick={() => onPick(term)}>
              {term}
            </button>
            <button
              type="button"
              className="chip__remove"
              aria-label={t`Remove “${term}” from history`}
              onClick={() => onRemove(term)}
            >
              <IconClose />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
