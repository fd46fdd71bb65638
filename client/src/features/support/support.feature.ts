import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconChat } from "../home/home-icons.tsx";
import { supportErrors } from "./support.errors.ts";

/** Online support. */
export const supportFeature: Feature = {
  name: "support",
  routes: {
    "/user/pj": {
      screen: lazyScreen(() => import("./support-screen.tsx").then((m) => ({ default: m.SupportScreen }))),
    },
  },
  mineRows: [
    { href: "/user/pj", label: msg`Online support`, icon: IconChat, testId: "menu-support", order: 70 },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.supportConsole),
  errorMessages: supportErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.supportConsoleCodes]),
};
