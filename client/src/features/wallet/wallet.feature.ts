import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconQuotes } from "../../app/icons.tsx";
import { IconDeposit, IconWithdraw } from "../user/user-icons.tsx";
import { fundingRecordKinds } from "./wallet.journals.ts";

/** Money in and out: deposits, withdrawals and exchange. */
export const walletFeature: Feature = {
  name: "wallet",
  routes: {
    "/user/recharge": {
      screen: lazyScreen(() => import("./recharge-screen.tsx").then((m) => ({ default: m.RechargeScreen }))),
    },
    "/user/rechargeChannel": {
      screen: lazyScreen(() =>
        import("./recharge-channel-screen.tsx").then((m) => ({
          default: m.RechargeChannelScreen,
        })),
      ),
    },
    "/user/withdraw": {
      screen: lazyScreen(() => import("./withdraw-screen.tsx").then((m) => ({ default: m.WithdrawScreen }))),
    },
    "/user/exchange": {
      screen: lazyScreen(() => import("./exchange-screen.tsx").then((m) => ({ default: m.ExchangeScreen }))),
    },
  },
  homeShortcuts: [
    { href: "/user/recharge", label: msg`Deposit`, icon: IconDeposit, testId: "shortcut-deposit", order: 30 },
    {
      href: "/user/withdraw",
      label: msg({ message: "Withdraw", context: "cash" }),
      icon: IconWithdraw,
      testId: "shortcut-withdraw",
      order: 40,
    },
    {
      href: "/user/exchange",
      label: msg`Exchange`,
      icon: IconQuotes,
      testId: "shortcut-exchange",
      order: 120,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.walletConsole),
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.fundingConsoleCodes]),
  recordKinds: fundingRecordKinds,
};
