import { describe, expect, it } from "vitest";
import { isSafeText, safeText } from "./text.ts";

describe("isSafeText", () => {
  it.each([
    ["plain text", "山田 太郎", true],
    ["emoji (a surrogate pair)", "株価 📈", true],
    ["a NUL byte", "abc\u0000def", false],
    ["a lone high surrogate", "abc\uD800", false],
    ["a lone low surrogate", "\uDC00abc", false],
    ["an escape character", "a\u001B[31m", false],
    ["DEL", "a\u007F", false],
    ["a C1 control", "a\u0085", false],
    ["a line feed in a one-line field", "a\nb", false],
    ["a tab in a one-line field", "a\tb", false],
  ])("%s: %s", (_name, text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });

  it("lets a multi-line field keep tabs and line breaks, but not other controls", () => {
    expect(isSafeText("first line\r\n\tsecond", { multiline: true })).toBe(true);
    expect(isSafeText("line\u0000", { multiline: true })).toBe(false);
    expect(isSafeText("line\uDBFF", { multiline: true })).toBe(false);
  });
});

describe("safeText", () => {
  const name = safeText({ error: "NAME_REQUIRED" }).trim().min(1, { error: "NAME_REQUIRED" });

  it("refuses bad text with INVALID_TEXT alone, before the field's own checks", () => {
    const result = name.safeParse(" \u0000 ");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["INVALID_TEXT"]);
  });

  it("keeps the field's own messages for everything else", () => {
    expect(name.safeParse(42).error?.issues[0]?.message).toBe("NAME_REQUIRED");
    expect(name.safeParse("  ").error?.issues[0]?.message).toBe("NAME_REQUIRED");
    expect(name.parse("  山田  ")).toBe("山田");
  });
});
