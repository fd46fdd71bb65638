import {
  defaultTerms,
  type Market,
  type MarketTerms,
  type TradingTerms,
  tradingTermsSchema,
} from "@kabuto/shared";
import { useEffect } from "react";
import { apiGet } from "../../lib/api.ts";
import { atom, store, useValue } from "../../state/store.ts";

const termsAtom = atom<TradingTerms>(defaultTerms);
let requested = false;

function loadTerms(): void {
  if (requested) return;
  requested = true;
  apiGet("/trading/terms", tradingTermsSchema).then(
    (terms) => store.set(termsAtom, terms),
    (error: unknown) => {
      // Keep the defaults; the next screen that needs the terms asks again.
      requested = false;
      console.warn("trading terms not read; estimating on the default terms", error);
    },
  );
}

/** The terms of `market`, the server's once read. */
export function useMarketTerms(market: Market): MarketTerms {
  useEffect(loadTerms, []);
  return useValue(termsAtom)[market];
}
