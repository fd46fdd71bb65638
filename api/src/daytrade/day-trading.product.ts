import { product } from "../kernel/product.ts";
import { seedDemoDayTrading } from "../seed.ts";
import type { TradingService } from "../trading/trading.service.ts";
import { mountDayTradingRoutes } from "./day-trading.routes.ts";
import { DayTradingService } from "./day-trading.service.ts";

/** Day-trading applications, their review, and the terms and cut-offs members see. */
export const dayTradingProduct = product<{ dayTrading: DayTradingService }, { trading: TradingService }>({
  name: "dayTrading",
  uses: ["trading"],
  create: ({ database, now }, { trading }) => ({
    dayTrading: new DayTradingService({ db: database.db, trading, now }),
  }),
  routes: ({ router, ops, docs, now }, { dayTrading }) =>
    mountDayTradingRoutes(router, ops, docs, { dayTrading, now }),
  seed: {
    when: "start",
    after: ["auth"],
    run: async ({ db, nowMs }) =>
      (await seedDemoDayTrading(db, nowMs)) ? ["approved the demo member's day-trading application"] : [],
  },
});
