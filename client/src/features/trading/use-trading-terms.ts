import { tradingApi } from "@kabuto/shared/endpoints/trading";
import type { Market } from "@kabuto/shared/symbols";
import type { MarketTerms } from "@kabuto/shared/trading/rules";
import { defaultTerms } from "@kabuto/shared/trading/terms";
import { useEndpoint } from "../../lib/queries.ts";

/** The terms of `market`, the server's once read; the defaults until then, or if the read failed. */
export function useMarketTerms(market: Market): MarketTerms {
  const terms = useEndpoint(tradingApi.terms, {});
  return terms.status === "ready" ? terms.value[market] : defaultTerms[market];
}
