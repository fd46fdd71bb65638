import type { newsCodes } from "@kabuto/shared/api/news.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

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

/** What the codes of news read as in the console: its journals' kinds and its audit actions. */
export const newsConsoleCodes: ConsoleCodes<typeof newsCodes> = {
  journalKinds: {},
  auditActions: {
    "news.create": msg({ message: "News item created", context: "audit action" }),
    "news.update": msg({ message: "News item edited", context: "audit action" }),
    "news.withdraw": msg({ message: "News item withdrawn", context: "audit action" }),
  },
};
