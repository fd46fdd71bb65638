import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconCredit } from "../user/user-icons.tsx";
import { loansErrors } from "./loans.errors.ts";
import { loansRecordKinds } from "./loans.journals.ts";

/** Credit loans. */
export const loansFeature: Feature = {
  name: "loans",
  routes: {
    "/user/jkjl": {
      screen: lazyScreen(() => import("./loans-screen.tsx").then((m) => ({ default: m.LoansScreen }))),
    },
  },
  mineRows: [
    {
      href: "/user/jkjl",
      label: msg`Credit loans`,
      icon: IconCredit,
      testId: "menu-loans",
      value: lazy(() => import("./credit-summary.tsx").then((m) => ({ default: m.CreditSummary }))),
      order: 30,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.loansConsole),
  consoleMemberCards: () => import("./ops/console.ts").then((m) => m.loansMemberCards),
  errorMessages: loansErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.loansConsoleCodes]),
  recordKinds: loansRecordKinds,
};
