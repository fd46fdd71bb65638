import { type Feature, lazyScreen } from "../../app/feature.ts";
import { homeErrors } from "./home.errors.ts";

/** Home and its news. */
export const homeFeature: Feature = {
  name: "home",
  routes: {
    "/home/index": {
      screen: lazyScreen(() => import("./home-screen.tsx").then((m) => ({ default: m.HomeScreen }))),
      tab: true,
      keepAlive: true,
    },
    "/home/moreNews": {
      screen: lazyScreen(() => import("./more-news-screen.tsx").then((m) => ({ default: m.MoreNewsScreen }))),
    },
    "/home/DetailsPage": {
      screen: lazyScreen(() =>
        import("./news-detail-screen.tsx").then((m) => ({ default: m.NewsDetailScreen })),
      ),
    },
  },
  consoleSections: () => import("./ops/console.ts").then((m) => m.homeConsole),
  errorMessages: homeErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.newsConsoleCodes]),
};
