import { product } from "../kernel/product.ts";
import { mountDividendRoutes } from "./dividends.routes.ts";
import { DividendsService, dividendTermsOf } from "./dividends.service.ts";

/** How often the worker looks for dividends to pay: an ex-date begins at midnight, and a minute late is soon enough. */
const paymentIntervalMs = 60_000;

/** The dividend calendar and history, and the worker's payments on each ex-date. */
export const dividendsProduct = product({
  name: "dividends",
  uses: [],
  create: ({ database, catalog, now, events, config }) => ({
    dividends: new DividendsService({
      db: database.db,
      catalog,
      now,
      events,
      terms: dividendTermsOf(config),
    }),
  }),
  routes: ({ router, docs }, { dividends }) => mountDividendRoutes(router, docs, { dividends }),
  jobs: ({ dividends }) => [
    { name: "dividend payments", intervalMs: paymentIntervalMs, run: () => dividends.pay() },
  ],
});
