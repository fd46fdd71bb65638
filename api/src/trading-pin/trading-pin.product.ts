import { product, secretsOf } from "../kernel/product.ts";
import { mountTradingPinRoutes } from "./trading-pin.routes.ts";
import { TradingPinService } from "./trading-pin.service.ts";

/**
 * The optional trading PIN asked before money moves. Its check runs in the router, before the
 * handler of every endpoint declared `tradingPin: true` (`createApp` hands it to the docs).
 */
export const tradingPinProduct = product<{ tradingPin: TradingPinService }>({
  name: "trading-pin",
  uses: ["identity"],
  needsSecrets: true,
  create: (kernel) => {
    const secrets = secretsOf(kernel, "trading-pin");
    return {
      tradingPin: new TradingPinService({
        db: kernel.database.db,
        throttle: secrets.throttle,
        devices: secrets.devices,
      }),
    };
  },
  routes: ({ router, docs, now }, { tradingPin }) => mountTradingPinRoutes(router, docs, { tradingPin, now }),
});
