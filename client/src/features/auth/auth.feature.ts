import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";
import { authErrors } from "./auth.errors.ts";

/** Signing in and registering: the welcome screen, password and SMS sign-in, registration. */
export const authFeature: Feature = {
  name: "auth",
  routes: {
    "/login/start": {
      screen: lazy(() => import("./start-screen.tsx").then((m) => ({ default: m.StartScreen }))),
    },
    "/login/login": {
      screen: lazy(() => import("./login-screen.tsx").then((m) => ({ default: m.LoginScreen }))),
    },
    "/login/register": {
      screen: lazy(() => import("./register-screen.tsx").then((m) => ({ default: m.RegisterScreen }))),
    },
    "/login/logon": {
      screen: lazy(() => import("./sms-request-screen.tsx").then((m) => ({ default: m.SmsRequestScreen }))),
    },
    "/login/logon2": {
      screen: lazy(() => import("./sms-login-screen.tsx").then((m) => ({ default: m.SmsLoginScreen }))),
    },
  },
  errorMessages: authErrors,
};
