import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { products } from "./products.ts";
import { type AnyProduct, demoSeeds, withWhatTheyUse } from "./services.ts";

const list: readonly AnyProduct[] = products;

describe("the list of products", () => {
  it("names each product once", () => {
    const names = list.map((each) => each.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("puts every product after the products it uses, so each is built from what is already there", () => {
    list.forEach((each, index) => {
      for (const used of each.uses) {
        const at = list.findIndex((other) => other.name === used);
        expect(at, `${each.name} uses ${used}`).toBeGreaterThanOrEqual(0);
        expect(at, `${each.name} uses ${used}`).toBeLessThan(index);
      }
    });
  });

  it("lets the worker build its jobs' products without a throttle store or an SMS sender", () => {
    const scheduled = list.filter((each) => each.jobs !== undefined);
    expect(scheduled.map((each) => each.name)).toEqual([
      "trading",
      "loans",
      "dividends",
      "follow",
      "ipo",
      "alerts",
      "proof",
    ]);
    expect(withWhatTheyUse(scheduled).filter((each) => each.needsSecrets)).toEqual([]);
  });

  it("seeds a first start in an order where each seed finds what it needs: the member and admin first", () => {
    const start = demoSeeds("start").map((each) => each.name);
    const before = (first: string, then: string) =>
      expect(start.indexOf(first), `${first} before ${then}`).toBeLessThan(start.indexOf(then));
    expect(start[0]).toBe("auth");
    before("staff", "rewards");
    before("funding", "rewards");
    before("staff", "support");
    before("staff", "news");
    // The first proof of liabilities counts the demo members' money, so it comes after all of it.
    before("funding", "proof");
    before("ipo", "proof");
    expect(demoSeeds("feed").map((each) => each.name)).toEqual(["block", "alerts"]);
    expect(demoSeeds("history").map((each) => each.name)).toEqual(["follow", "ipo"]);
  });
});

describe("the products' imports", () => {
  it("reach another product's folder only where the product names it among what it uses", async () => {
    const folders = new Map<string, AnyProduct>();
    const apiSrc = path.join(import.meta.dirname);
    for (const entry of await readdir(apiSrc, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      for (const file of await readdir(path.join(apiSrc, entry.name))) {
        if (!file.endsWith(".product.ts")) continue;
        const module = (await import(path.join(apiSrc, entry.name, file))) as Record<string, AnyProduct>;
        for (const each of Object.values(module)) folders.set(entry.name, each);
      }
    }
    const closure = (product: AnyProduct): Set<string> => {
      const names = new Set([product.name]);
      for (const each of withWhatTheyUse([product])) names.add(each.name);
      return names;
    };
    const strays: string[] = [];
    for (const [folder, owner] of folders) {
      const allowed = closure(owner);
      for (const file of await readdir(path.join(apiSrc, folder))) {
        // Tests and fixtures may reach anywhere; newcomer data is made through other products' services.
        if (!file.endsWith(".ts") || /\.test\.ts$|-seed\.ts$|fixtures\.ts$/.test(file)) continue;
        const source = await readFile(path.join(apiSrc, folder, file), "utf8");
        for (const [, target] of source.matchAll(/from "\.\.\/([\w-]+)\//g)) {
          const other = target ? folders.get(target) : undefined;
          if (other && !allowed.has(other.name)) strays.push(`${folder}/${file} -> ${target}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});
