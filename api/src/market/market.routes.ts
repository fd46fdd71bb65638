import {
  anySymbolSchema,
  candleListSchema,
  candleQuerySchema,
  fxRateListSchema,
  indexListSchema,
  instrumentListSchema,
  instrumentQuerySchema,
  instrumentWithQuoteSchema,
} from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { validate } from "../http/validate.ts";
import type { MarketService } from "./market.service.ts";

export function mountMarketRoutes(router: Router, docs: ApiDocs, market: MarketService): void {
  docs.add({
    method: "get",
    path: "/instruments",
    tag: "market",
    summary: "Instruments with their latest quotes; q matches the code or the name in any language",
    query: instrumentQuerySchema,
    response: instrumentListSchema,
  });
  router.get("/instruments", async (request, response) => {
    response.json(await market.search(validate(instrumentQuerySchema, request.query)));
  });

  docs.add({
    method: "get",
    path: "/instruments/{symbol}",
    tag: "market",
    summary: "One instrument and its latest quote",
    response: instrumentWithQuoteSchema,
    errors: ["SYMBOL_INVALID", "SYMBOL_NOT_FOUND"],
  });
  router.get("/instruments/:symbol", async (request, response) => {
    const symbol = validate(anySymbolSchema, request.params.symbol);
    response.json(await market.instrument(symbol));
  });

  docs.add({
    method: "get",
    path: "/candles/{symbol}",
    tag: "market",
    summary: "Candle history, oldest first, ending with the live candle",
    query: candleQuerySchema,
    response: candleListSchema,
    errors: ["SYMBOL_INVALID", "SYMBOL_NOT_FOUND", "INTERVAL_INVALID"],
  });
  router.get("/candles/:symbol", async (request, response) => {
    const symbol = validate(anySymbolSchema, request.params.symbol);
    const query = validate(candleQuerySchema, request.query);
    response.json(await market.candleHistory(symbol, query.interval, query.before, query.limit));
  });

  docs.add({
    method: "get",
    path: "/indices",
    tag: "market",
    summary: "Market indices",
    response: indexListSchema,
  });
  router.get("/indices", async (_request, response) => {
    response.json(await market.indices());
  });

  docs.add({
    method: "get",
    path: "/fx/rates",
    tag: "market",
    summary: "FX rates",
    response: fxRateListSchema,
  });
  router.get("/fx/rates", async (_request, response) => {
    response.json(await market.fxRates());
  });
}
