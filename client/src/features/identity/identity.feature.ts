import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Security and identity: settings, passwords, verification and bank cards. */
export const identityFeature: Feature = {
  name: "identity",
  routes: {
    "/user/setting": {
      screen: lazy(() => import("./settings-screen.tsx").then((m) => ({ default: m.SettingsScreen }))),
    },
    "/user/loginPassword": {
      screen: lazy(() =>
        import("./login-password-screen.tsx").then((m) => ({
          default: m.LoginPasswordScreen,
        })),
      ),
    },
    "/user/setPassword": {
      screen: lazy(() =>
        import("./fund-password-screen.tsx").then((m) => ({ default: m.FundPasswordScreen })),
      ),
    },
    "/user/bandCard": {
      screen: lazy(() => import("./kyc-screen.tsx").then((m) => ({ default: m.KycScreen }))),
    },
    "/user/BankCard": {
      screen: lazy(() => import("./bank-cards-screen.tsx").then((m) => ({ default: m.BankCardsScreen }))),
    },
    "/user/WithCard": {
      screen: lazy(() => import("./add-card-screen.tsx").then((m) => ({ default: m.AddCardScreen }))),
    },
  },
};
