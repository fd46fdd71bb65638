import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconReceipt } from "../../app/icons.tsx";
import { fundsErrors } from "./funds.errors.ts";
import { fundsRecordKinds } from "./funds.journals.ts";

/** Fund records: every journal the member's money moved by. */
export const fundsFeature: Feature = {
  name: "funds",
  routes: {
    "/user/FundingDetails": {
      screen: lazyScreen(() =>
        import("./fund-records-screen.tsx").then((m) => ({ default: m.FundRecordsScreen })),
      ),
    },
  },
  homeShortcuts: [
    {
      href: "/user/FundingDetails",
      label: msg`Fund records`,
      icon: IconReceipt,
      testId: "shortcut-fund-records",
      order: 50,
    },
  ],
  mineRows: [{ href: "/user/FundingDetails", label: msg`Fund records`, icon: IconReceipt, order: 50 }],
  errorMessages: fundsErrors,
  recordKinds: fundsRecordKinds,
};
