import { type Feature, lazyScreen } from "../../app/feature.ts";
import { prefetchEndpoint } from "../../lib/queries.ts";
import { homeErrors } from "./home.errors.ts";

/** Headlines on the home screen. */
export const homeNewsCount = 3;

/**
 * Home's reads, started as the app opens on Home rather than once the screen has rendered: on a
 * phone the render takes longer than the reads. What they need comes in chunks the page already
 * asks for beside the entry when it opens on Home, so they wait for none of the screen's others.
 */
function prefetchHome(): void {
  void Promise.all([
    import("@kabuto/shared/endpoints/news"),
    import("@kabuto/shared/endpoints/rewards"),
    import("@kabuto/shared/endpoints/market"),
    import("../../lib/config-title.ts"),
  ]).then(([{ newsApi }, { rewardsApi }, { marketApi }, { loadPublicConfig }]) => {
    prefetchEndpoint(rewardsApi.summary, {});
    prefetchEndpoint(rewardsApi.terms, {});
    prefetchEndpoint(newsApi.list, { query: { kind: "announcement", limit: 1 } });
    prefetchEndpoint(marketApi.indices, {});
    prefetchEndpoint(newsApi.list, { query: { kind: "news", limit: homeNewsCount } });
    loadPublicConfig().catch(() => undefined);
  });
}

/** Home and its news. */
export const homeFeature: Feature = {
  name: "home",
  routes: {
    "/home/index": {
      screen: lazyScreen(() => import("./home-screen.tsx").then((m) => ({ default: m.HomeScreen }))),
      tab: true,
      keepAlive: true,
      prefetch: prefetchHome,
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
