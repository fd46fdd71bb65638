import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Money in and out: deposits, withdrawals and exchange. */
export const walletFeature: Feature = {
  name: "wallet",
  routes: {
    "/user/recharge": {
      screen: lazy(() => import("./recharge-screen.tsx").then((m) => ({ default: m.RechargeScreen }))),
    },
    "/user/rechargeChannel": {
      screen: lazy(() =>
        import("./recharge-channel-screen.tsx").then((m) => ({
          default: m.RechargeChannelScreen,
        })),
      ),
    },
    "/user/withdraw": {
      screen: lazy(() => import("./withdraw-screen.tsx").then((m) => ({ default: m.WithdrawScreen }))),
    },
    "/user/exchange": {
      screen: lazy(() => import("./exchange-screen.tsx").then((m) => ({ default: m.ExchangeScreen }))),
    },
  },
};
