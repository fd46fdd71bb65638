import type { InstrumentWithQuote } from "@kabuto/shared";
import { useAsync } from "../../lib/use-async.ts";
import { fetchInstrument, knownInstrument } from "./market-api.ts";

/**
 * The instruments of `symbols` (names, lot sizes, tick tables): those already seen at once, the
 * others asked for in parallel. A symbol that cannot be read is simply missing from the map.
 */
export function useInstruments(symbols: readonly string[]): Map<string, InstrumentWithQuote> {
  const unique = [...new Set(symbols)].sort();
  const missing = unique.filter((symbol) => !knownInstrument(symbol));
  // Re-renders when the fetches settle; fetchInstrument remembers what it got, read below.
  useAsync(missing.length > 0 ? missing.join(",") : null, async () => {
    await Promise.allSettled(missing.map((symbol) => fetchInstrument(symbol)));
  });
  const found = new Map<string, InstrumentWithQuote>();
  for (const symbol of unique) {
    const instrument = knownInstrument(symbol);
    if (instrument) found.set(symbol, instrument);
  }
  return found;
}
