import { describe, expect, it } from "vitest";
import { bankCardTypeOf } from "./identity.ts";

describe("bankCardTypeOf: a stored card type read as the type, so screens name it in the reader's language", () => {
  it("reads the codes the form stores", () => {
    expect(bankCardTypeOf("ordinary")).toBe("ordinary");
    expect(bankCardTypeOf("current")).toBe("current");
    expect(bankCardTypeOf("savings")).toBe("savings");
  });

  it("reads the Japanese words a passbook prints, with or without 預金", () => {
    expect(bankCardTypeOf("普通")).toBe("ordinary");
    expect(bankCardTypeOf(" 普通預金 ")).toBe("ordinary");
    expect(bankCardTypeOf("当座")).toBe("current");
    expect(bankCardTypeOf("貯蓄預金")).toBe("savings");
  });

  it("leaves any other text to show as written", () => {
    expect(bankCardTypeOf("Checking")).toBeUndefined();
    expect(bankCardTypeOf("")).toBeUndefined();
    expect(bankCardTypeOf("constructor")).toBeUndefined();
    expect(bankCardTypeOf("toString")).toBeUndefined();
  });
});
