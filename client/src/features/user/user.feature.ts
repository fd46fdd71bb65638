import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconGlobe } from "../../app/icons.tsx";

/** Mine: the account centre, language and about. */
export const userFeature: Feature = {
  name: "user",
  routes: {
    "/user/usercenter": {
      screen: lazyScreen(() =>
        import("./user-center-screen.tsx").then((m) => ({ default: m.UserCenterScreen })),
      ),
      tab: true,
    },
    "/user/changeLang": {
      screen: lazyScreen(() =>
        import("./change-lang-screen.tsx").then((m) => ({ default: m.ChangeLangScreen })),
      ),
    },
    "/user/aboutUs": {
      screen: lazyScreen(() => import("./about-screen.tsx").then((m) => ({ default: m.AboutScreen }))),
    },
  },
  homeShortcuts: [
    {
      href: "/user/changeLang",
      label: msg`Language`,
      icon: IconGlobe,
      testId: "shortcut-language",
      order: 170,
    },
  ],
};
