import { describe, expect, it } from "vitest";
import { partsOf } from "./feature.ts";
import { features } from "./features.ts";
import { allSpecRoutes } from "./spec-routes.ts";

describe("the features' routes", () => {
  it("give each path to one feature, so no screen silently replaces another", () => {
    const owners = new Map<string, string[]>();
    for (const feature of features) {
      for (const path of Object.keys(feature.routes))
        owners.set(path, [...(owners.get(path) ?? []), feature.name]);
    }
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it("answer every route of the spec", () => {
    const answered = new Set(features.flatMap((feature) => Object.keys(feature.routes)));
    expect(allSpecRoutes().filter((path) => !answered.has(path))).toEqual([]);
  });

  it("link Home's shortcuts and Mine's rows only to screens the app has", () => {
    const answered = new Set(features.flatMap((feature) => Object.keys(feature.routes)));
    const targets = [...partsOf(features, "homeShortcuts"), ...partsOf(features, "mineRows")].map(
      (part) => part.href.split("?")[0] ?? "",
    );
    expect(targets.filter((path) => !answered.has(path))).toEqual([]);
  });

  it("give each shortcut, row and Transaction tab a place and a name of its own", () => {
    const unique = (values: (string | number | undefined)[]) => new Set(values).size === values.length;
    const shortcuts = partsOf(features, "homeShortcuts");
    expect(unique(shortcuts.map((each) => each.testId))).toBe(true);
    expect(unique(shortcuts.map((each) => each.order))).toBe(true);
    expect(unique(partsOf(features, "mineRows").map((each) => each.order))).toBe(true);
    const tabs = partsOf(features, "positionTabs");
    expect(tabs.map((each) => each.id)).toEqual(["placement", "bidding", "auction", "follow"]);
  });
});
