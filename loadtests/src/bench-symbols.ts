import type { SimInstrument } from "@kabuto/feed";
import { createCatalog } from "@kabuto/feed";

/**
 * The first `count` equities of the feed's catalog: real symbols the gateway knows, in a fixed
 * order, so the publisher and every client thread agree on them without talking.
 */
export function benchInstruments(count: number): SimInstrument[] {
  const catalog = createCatalog();
  const equities = catalog.instruments.flatMap((instrument) => {
    const simulated = catalog.bySymbol.get(instrument.symbol);
    return simulated ? [simulated] : [];
  });
  if (count > equities.length)
    throw new Error(`only ${equities.length} equities in the catalog, asked ${count}`);
  return equities.slice(0, count);
}
