import { describe, expect, it } from "vitest";
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
});
