import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { proofErrors } from "./proof.errors.ts";
import { IconShieldCheck } from "./proof-icons.tsx";

/** Proof of liabilities: the public page of roots and totals, and a member's check of their own balance. */
export const proofFeature: Feature = {
  name: "proof",
  routes: {
    "/proof": {
      screen: lazyScreen(() => import("./proof-screen.tsx").then((m) => ({ default: m.ProofScreen }))),
    },
    "/user/proof": {
      screen: lazyScreen(() => import("./verify-screen.tsx").then((m) => ({ default: m.VerifyScreen }))),
    },
  },
  mineRows: [
    {
      href: "/proof",
      label: msg`Proof of liabilities`,
      icon: IconShieldCheck,
      testId: "menu-proof",
      order: 75,
    },
  ],
  errorMessages: proofErrors,
  consoleSections: () => import("./ops/console.ts").then((m) => m.proofConsole),
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.proofConsoleCodes]),
};
