import type { InstrumentWithQuote } from "@kabuto/shared";
import { Trans } from "@lingui/react/macro";
import { QuoteRow } from "./quote-row.tsx";

/** Column heads and rows of a quote list. */
interface QuoteListProps {
  items: InstrumentWithQuote[];
  /** Called when a row is opened. */
  onOpen?: () => void;
}

export function QuoteList({ items, onOpen }: QuoteListProps) {
  return (
    <div className="quote-list">
      <div className="quote-list__head" aria-hidden="true">
        <span>
          <Trans>Name / Code</Trans>
        </span>
        <span>
          <Trans>Last</Trans>
        </span>
        <span>
          <Trans>Change</Trans>
        </span>
      </div>
      {items.map((item) => (
        <QuoteRow key={item.symbol} instrument={item} initial={item.quote} onOpen={onOpen} />
      ))}
    </div>
  );
}

export function QuoteListSkeleton() {
  return (
    <div className="quote-list" aria-busy="true">
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="quote-row quote-row--placeholder">
          <span className="skeleton" style={{ width: "7em" }} />
          <span className="skeleton" />
          <span className="skeleton" />
        </div>
      ))}
    </div>
  );
}
