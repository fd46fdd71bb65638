import { product } from "../kernel/product.ts";
import { mountStatementsRoutes } from "./statements.routes.ts";
import { StatementsService } from "./statements.service.ts";

/** Member statements: a month's statement or a year's trade report from the ledger, as CSV or PDF. */
export const statementsProduct = product({
  name: "statements",
  uses: [],
  create: ({ database, now }) => ({ statements: new StatementsService({ db: database.db, now }) }),
  routes: ({ router, ops, docs }, { statements }) => mountStatementsRoutes(router, ops, docs, { statements }),
});
