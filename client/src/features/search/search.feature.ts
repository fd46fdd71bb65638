import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconSearch } from "../../app/icons.tsx";

/** Search across both markets. */
export const searchFeature: Feature = {
  name: "search",
  routes: {
    "/home/search": {
      screen: lazyScreen(() => import("./search-screen.tsx").then((m) => ({ default: m.SearchScreen }))),
    },
  },
  homeShortcuts: [
    {
      href: "/home/search",
      label: msg({ message: "Search", context: "shortcut" }),
      icon: IconSearch,
      testId: "shortcut-search",
      order: 140,
    },
  ],
};
