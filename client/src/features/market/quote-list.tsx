import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { QuoteRow } from "./quote-row.tsx";

/** Column heads and rows of a quote list. */
interface QuoteListProps {
  items: InstrumentWithQuote[];
  /** Called when a row is opened. */
  onOpen?: () => void;
  /** Where a row leads (the stock's detail screen unless given). */
  hrefOf?: ((symbol: string) => string) | undefined;
  /** A figure shown under a row's name, such as the volume that ranked it. */
  noteOf?: ((item: InstrumentWithQuote) => ReactNode) | undefined;
  /** Tokyo's names at their PTS prices (against the PTS's base), not the TSE's. */
  pts?: boolean;
}

export function QuoteList({ items, onOpen, hrefOf, noteOf, pts = false }: QuoteListProps) {
  return (
    <div className="quote-list">
      <div className="quote-list__head" aria-hidden="true">
        <span>
          <Trans>Name / Code</Trans>
        </span>
        <span>{pts ? <Trans>PTS price</Trans> : <Trans>Last</Trans>}</span>
        <span>{pts ? <Trans>Vs base</Trans> : <Trans context="quote column">Change</Trans>}</span>
      </div>
      {items.map((item) => (
        <QuoteRow
          key={item.symbol}
          instrument={item}
          initial={pts ? null : item.quote}
          pts={pts}
          onOpen={onOpen}
          href={hrefOf?.(item.symbol)}
          note={noteOf?.(item)}
        />
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
