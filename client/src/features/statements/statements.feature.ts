import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { statementsErrors } from "./statements.errors.ts";
import { IconStatement } from "./statements-icons.tsx";

/** Statements: a month's statement or a year's trade report, from the member's ledger, as CSV or PDF. */
export const statementsFeature: Feature = {
  name: "statements",
  routes: {
    "/user/statements": {
      screen: lazyScreen(() =>
        import("./statements-screen.tsx").then((m) => ({ default: m.StatementsScreen })),
      ),
    },
  },
  mineRows: [
    {
      href: "/user/statements",
      label: msg`Statements`,
      icon: IconStatement,
      testId: "menu-statements",
      order: 55,
    },
  ],
  errorMessages: statementsErrors,
  consoleMemberCards: () => import("./ops/console.ts").then((m) => m.statementsMemberCards),
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.statementsConsoleCodes]),
};
