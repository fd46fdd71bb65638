import { type Feature, lazyScreen } from "../../app/feature.ts";
import { authErrors } from "./auth.errors.ts";

/** Signing in and registering: the welcome screen, password and SMS sign-in, registration. */
export const authFeature: Feature = {
  name: "auth",
  routes: {
    "/login/start": {
      screen: lazyScreen(() => import("./start-screen.tsx").then((m) => ({ default: m.StartScreen }))),
    },
    "/login/login": {
      screen: lazyScreen(() => import("./login-screen.tsx").then((m) => ({ default: m.LoginScreen }))),
    },
    "/login/register": {
      screen: lazyScreen(() => import("./register-screen.tsx").then((m) => ({ default: m.RegisterScreen }))),
    },
    "/login/logon": {
      screen: lazyScreen(() =>
        import("./sms-request-screen.tsx").then((m) => ({ default: m.SmsRequestScreen })),
      ),
    },
    "/login/logon2": {
      screen: lazyScreen(() => import("./sms-login-screen.tsx").then((m) => ({ default: m.SmsLoginScreen }))),
    },
  },
  errorMessages: authErrors,
};
