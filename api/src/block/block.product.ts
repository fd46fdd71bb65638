import { product } from "../kernel/product.ts";
import { mountBlockRoutes } from "./block.routes.ts";
import { BlockService } from "./block.service.ts";
import { parseBlockTerms } from "./block-terms.ts";

/** Block trades: offerings, negotiated bids and the desk's review. */
export const blockProduct = product({
  name: "block",
  uses: [],
  create: ({ database, now, events, bus, catalog, config }) => ({
    block: new BlockService({ db: database.db, now, events, bus, catalog, terms: parseBlockTerms(config) }),
  }),
  routes: ({ router, ops, docs, now }, { block }) => mountBlockRoutes(router, ops, docs, { block, now }),
});
