import { type Feature, lazyScreen } from "../../app/feature.ts";
import { tradingPinErrors } from "./trading-pin.errors.ts";

/**
 * The confirmation before money moves and the optional trading PIN: its settings screen (from
 * Mine's settings) and its error codes. The step itself (`confirm-step.tsx`) is opened by each
 * money-moving flow.
 */
export const tradingPinFeature: Feature = {
  name: "trading-pin",
  routes: {
    "/user/tradingPin": {
      screen: lazyScreen(() =>
        import("./trading-pin-screen.tsx").then((m) => ({ default: m.TradingPinScreen })),
      ),
    },
  },
  errorMessages: tradingPinErrors,
};
