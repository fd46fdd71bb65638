import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of home: their menu entries and screens. */
export const homeConsole: readonly ConsoleSection[] = [
  {
    area: "news",
    path: "/ops/news",
    role: "supervisor",
    label: msg`News`,
    list: lazy(() => import("./news-screen.tsx").then((m) => ({ default: m.NewsScreen }))),
    order: 140,
  },
];
