import { product } from "../kernel/product.ts";
import { mountPushRoutes } from "./push.routes.ts";
import { PushService } from "./push.service.ts";

/**
 * Web Push: the member's installed apps, told of their notices while closed. It has no job of
 * its own: the products whose notices it carries call it once their change has committed (price
 * alerts; trading's fired stops, fills, lapsed orders and margin calls, from the worker), so the
 * worker builds it for them.
 */
export const pushProduct = product({
  name: "push",
  uses: [],
  create: ({ database, now, config, log }) => ({
    push: new PushService({ db: database.db, now, settings: config, log }),
  }),
  routes: ({ router, docs }, { push }) => mountPushRoutes(router, docs, { push }),
});
