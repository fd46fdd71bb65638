import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { errorCode } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { useNewListings } from "./market-api.ts";
import { QuoteList, QuoteListSkeleton } from "./quote-list.tsx";
import "./market.css";

/** A market date (YYYY-MM-DD) as the member's language writes a date. */
function formatIsoDate(isoDate: string, locale: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
    Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1),
  );
}

/**
 * `/market/marketNew`: names newly listed, newest first, from the API's listing dates: the new
 * shares whose offerings listed in the last 90 days. Without one the list says so, and why.
 */
export function NewListingsScreen() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const listed = useNewListings();
  return (
    <>
      <PageHeader back="/market/market" title={<Trans>New listings</Trans>} />
      <main data-testid="new-listings">
        {listed.status === "loading" && <QuoteListSkeleton />}
        {listed.status === "error" && (
          <p className="empty" role="alert">
            {errorMessage(i18n, errorCode(listed.error))}
          </p>
        )}
        {listed.status === "ready" && listed.value.items.length === 0 && (
          <NothingListed since={formatIsoDate(listed.value.sinceDate, locale)} />
        )}
        {listed.status === "ready" && listed.value.items.length > 0 && (
          <QuoteList
            items={listed.value.items}
            noteOf={(item) => {
              const listedOn = listed.value.items.find((entry) => entry.symbol === item.symbol)?.listedOn;
              if (!listedOn) return undefined;
              const date = formatIsoDate(listedOn, locale);
              return <Trans>Listed {date}</Trans>;
            }}
          />
        )}
      </main>
    </>
  );
}

function NothingListed({ since }: { since: string }) {
  return (
    <div className="empty" data-testid="new-listings-empty">
      <p>
        <Trans>No stock has been newly listed since {since}.</Trans>
      </p>
      <p>
        <Trans>
          Every stock you can trade here was listed before then, and no new offering has listed yet. New names
          will appear here on their first day of trading.
        </Trans>
      </p>
    </div>
  );
}
