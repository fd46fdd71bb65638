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
    expect(scheduled.map((each) => each.name)).toEqual(["trading", "loans", "dividends", "follow", "ipo"]);
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
    expect(demoSeeds("feed").map((each) => each.name)).toEqual(["block"]);
    expect(demoSeeds("history").map((each) => each.name)).toEqual(["follow"]);
  });
});
