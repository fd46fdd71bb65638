import { describe, expect, it } from "vitest";
import { initialLocale, langFromAddress, localeFromCode, localeToApply, storedCode } from "./locale.ts";

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

describe("localeToApply: lang= in an address reached inside the app", () => {
  it("switches to a valid language other than the current one", () => {
    expect(localeToApply("en", "ja")).toBe("en");
    expect(localeToApply("tw", "en")).toBe("zh-Hant");
    expect(localeToApply("jp", "zh-Hant")).toBe("ja");
  });

  it("asks for nothing when the address names the current language", () => {
    expect(localeToApply("en", "en")).toBeUndefined();
  });

  it("ignores invalid and missing values, including the interface's own tags", () => {
    expect(localeToApply("fr", "ja")).toBeUndefined();
    expect(localeToApply("zh-Hant", "ja")).toBeUndefined();
    expect(localeToApply("", "ja")).toBeUndefined();
    expect(localeToApply(undefined, "ja")).toBeUndefined();
  });
});
