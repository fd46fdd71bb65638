import {
  anySymbolSchema,
  candleListSchema,
  candleQuerySchema,
  fxRateListSchema,
  hotListQuerySchema,
  hotListSchema,
  indexListSchema,
  instrumentListSchema,
  instrumentQuerySchema,
  instrumentWithQuoteSchema,
  newListingListSchema,
  newListingQuerySchema,
} from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { validate } from "../validate.ts";
import type { MarketService } from "./market.service.ts";

export function mountMarketRoutes(router: Router, docs: ApiDocs, market: MarketService): void {
  const route = docs.on(router);
  route(
    {
      method: "get",
      path: "/instruments",
      tag: "market",
      summary: "Instruments with their latest quotes; q matches the code or the name in any language",
      query: instrumentQuerySchema,
      response: instrumentListSchema,
    },
    async (request, response) => {
      response.json(await market.search(validate(instrumentQuerySchema, request.query)));
    },
  );

  route(
    {
      method: "get",
      path: "/instruments/{symbol}",
      tag: "market",
      summary: "One instrument and its latest quote",
      response: instrumentWithQuoteSchema,
      errors: ["SYMBOL_INVALID", "SYMBOL_NOT_FOUND"],
    },
    async (request, response) => {
      const symbol = validate(anySymbolSchema, request.params.symbol);
      response.json(await market.instrument(symbol));
    },
  );

  route(
    {
      method: "get",
      path: "/candles/{symbol}",
      tag: "market",
      summary: "Candle history, oldest first, ending with the live candle",
      query: candleQuerySchema,
      response: candleListSchema,
      errors: ["SYMBOL_INVALID", "SYMBOL_NOT_FOUND", "INTERVAL_INVALID"],
    },
    async (request, response) => {
      const symbol = validate(anySymbolSchema, request.params.symbol);
      const query = validate(candleQuerySchema, request.query);
      response.json(await market.candleHistory(symbol, query.interval, query.before, query.limit));
    },
  );

  route(
    {
      method: "get",
      path: "/market/hot-lists",
      tag: "market",
      summary:
        "A market's hot list (top gainers, top losers, most traded by shares or by value) from the newest quotes, with the market's session",
      query: hotListQuerySchema,
      response: hotListSchema,
    },
    async (request, response) => {
      response.json(await market.hotList(validate(hotListQuerySchema, request.query)));
    },
  );

  route(
    {
      method: "get",
      path: "/market/new-listings",
      tag: "market",
      summary: "Names first listed within the last `days` days, newest first",
      query: newListingQuerySchema,
      response: newListingListSchema,
    },
    async (request, response) => {
      response.json(await market.newListings(validate(newListingQuerySchema, request.query)));
    },
  );

  route(
    {
      method: "get",
      path: "/indices",
      tag: "market",
      summary: "Market indices",
      response: indexListSchema,
    },
    async (_request, response) => {
      response.json(await market.indices());
    },
  );

  route(
    {
      method: "get",
      path: "/fx/rates",
      tag: "market",
      summary: "FX rates",
      response: fxRateListSchema,
    },
    async (_request, response) => {
      response.json(await market.fxRates());
    },
  );
}
