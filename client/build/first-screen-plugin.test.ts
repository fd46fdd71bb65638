import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenModules } from "./first-screen-plugin.ts";

const featuresDir = path.resolve(import.meta.dirname, "../src/features");

describe("the first screen's preload hints", () => {
  it("read every route the features declare, so each opening screen loads with the page", () => {
    const declared = readdirSync(featuresDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".feature.ts"))
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
      .reduce((count, text) => count + text.split("screen: lazyScreen(").length - 1, 0);
    const read = screenModules(featuresDir);
    expect(read.size).toBe(declared);
    expect(read.get("/home/index")).toBe(path.join(featuresDir, "home", "home-screen.tsx"));
    expect(read.get("/market/marketDetail")).toBe(path.join(featuresDir, "market", "detail-screen.tsx"));
  });
});
