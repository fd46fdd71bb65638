import type { InstrumentWithQuote } from "@kabuto/shared/api/market";
import { knownInstrument, useInstrumentReads } from "./market-api.ts";

/**
 * The instruments of `symbols` (names, lot sizes, tick tables): those already seen at once, the
 * others asked for together. A symbol that cannot be read is simply missing from the map.
 */
export function useInstruments(symbols: readonly string[]): Map<string, InstrumentWithQuote> {
  const unique = [...new Set(symbols)].sort();
  const missing = unique.filter((symbol) => !knownInstrument(symbol));
  const reads = useInstrumentReads(missing);
  const found = new Map<string, InstrumentWithQuote>();
  for (const symbol of unique) {
    const read = reads[missing.indexOf(symbol)];
    const instrument = knownInstrument(symbol) ?? (read?.status === "ready" ? read.value : undefined);
    if (instrument) found.set(symbol, instrument);
  }
  return found;
}
