import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconIdCard } from "../user/user-icons.tsx";
import { identityErrors } from "./identity.errors.ts";

/** Security and identity: settings, passwords, verification and bank cards. */
export const identityFeature: Feature = {
  name: "identity",
  routes: {
    "/user/setting": {
      screen: lazyScreen(() => import("./settings-screen.tsx").then((m) => ({ default: m.SettingsScreen }))),
    },
    "/user/loginPassword": {
      screen: lazyScreen(() =>
        import("./login-password-screen.tsx").then((m) => ({
          default: m.LoginPasswordScreen,
        })),
      ),
    },
    "/user/setPassword": {
      screen: lazyScreen(() =>
        import("./fund-password-screen.tsx").then((m) => ({ default: m.FundPasswordScreen })),
      ),
    },
    "/user/bandCard": {
      screen: lazyScreen(() => import("./kyc-screen.tsx").then((m) => ({ default: m.KycScreen }))),
    },
    "/user/BankCard": {
      screen: lazyScreen(() =>
        import("./bank-cards-screen.tsx").then((m) => ({ default: m.BankCardsScreen })),
      ),
    },
    "/user/WithCard": {
      screen: lazyScreen(() => import("./add-card-screen.tsx").then((m) => ({ default: m.AddCardScreen }))),
    },
  },
  mineRows: [
    {
      href: "/user/bandCard",
      label: msg`Real-name verification`,
      icon: IconIdCard,
      testId: "menu-verification",
      value: lazy(() => import("./verification-value.tsx").then((m) => ({ default: m.VerificationValue }))),
      order: 10,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.identityConsole),
  errorMessages: identityErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.identityConsoleCodes]),
};
