import { describe, expect, it } from "vitest";
import { initialLocale, langFromAddress, localeFromCode, storedCode } from "./locale.ts";

describe("language codes follow the spec's storage values", () => {
  it("round-trips every language through its stored code", () => {
    for (const locale of ["ja", "en", "zh-Hant"] as const) {
      expect(localeFromCode(storedCode(locale))).toBe(locale);
    }
  });

  it("knows only jp, en and tw", () => {
    expect(localeFromCode("ja")).toBeUndefined();
    expect(localeFromCode("zh-Hant")).toBeUndefined();
    expect(localeFromCode("")).toBeUndefined();
    expect(localeFromCode(null)).toBeUndefined();
  });
});

describe("initialLocale", () => {
  it("defaults to Japanese", () => {
    expect(initialLocale(undefined, null)).toBe("ja");
  });

  it("uses the stored choice", () => {
    expect(initialLocale(undefined, "tw")).toBe("zh-Hant");
  });

  it("lets a valid lang= in the address override the stored choice", () => {
    expect(initialLocale("en", "tw")).toBe("en");
  });

  it("ignores an invalid lang= and a corrupt stored value", () => {
    expect(initialLocale("fr", "en")).toBe("en");
    expect(initialLocale("EN", "garbage")).toBe("ja");
  });
});

describe("langFromAddress", () => {
  it("reads lang= from the query of the hash route", () => {
    expect(langFromAddress("", "#/home/index?lang=tw")).toBe("tw");
  });

  it("reads lang= from the page query", () => {
    expect(langFromAddress("?lang=en", "#/login/start")).toBe("en");
  });

  it("prefers the hash route's query", () => {
    expect(langFromAddress("?lang=en", "#/login/start?lang=jp")).toBe("jp");
  });

  it("finds nothing when neither has it", () => {
    expect(langFromAddress("", "")).toBeUndefined();
    expect(langFromAddress("?x=1", "#/a?y=2")).toBeUndefined();
  });
});
