import { isKanaReading } from "@kabuto/shared/api/identity";
import { describe, expect, it } from "vitest";
import { comparableName, holderMatches, maskTail } from "./rules.ts";

describe("masking numbers", () => {
  it("shows only the last four of a card or document number", () => {
    expect(maskTail("4111111111111234")).toBe("**** 1234");
    expect(maskTail("123456789012")).toBe("**** 9012");
  });

  it("never shows more than half of a short number, so none is ever sent whole", () => {
    expect(maskTail("AB12")).toBe("**** 12");
    expect(maskTail("12345")).toBe("**** 45");
    expect(maskTail("1")).toBe("****");
    expect(maskTail("")).toBe("****");
  });
});

describe("matching a card's holder name to the verified name", () => {
  it("ignores width, ideographic spaces, runs of whitespace and Latin case", () => {
    expect(holderMatches("山田　太郎", "山田 太郎")).toBe(true);
    expect(holderMatches("  山田   太郎 ", "山田 太郎")).toBe(true);
    expect(holderMatches("ﾔﾏﾀﾞ ﾀﾛｳ", "ヤマダ タロウ")).toBe(true);
    expect(holderMatches("ＴＡＲＯ ＹＡＭＡＤＡ", "Taro Yamada")).toBe(true);
  });

  it("refuses another name, a missing space, or a member with no verified name", () => {
    expect(holderMatches("山田 花子", "山田 太郎")).toBe(false);
    expect(holderMatches("山田太郎", "山田 太郎")).toBe(false);
    expect(holderMatches("山田 太郎", null)).toBe(false);
    expect(holderMatches("   ", "   ")).toBe(false);
  });

  it("accepts the kana reading the member gave, in either script or width, with or without spaces", () => {
    expect(holderMatches("ﾀｶﾊｼ ｹﾝﾀ", "高橋 健太", "たかはし けんた")).toBe(true);
    expect(holderMatches("タカハシケンタ", "高橋 健太", "タカハシ・ケンタ")).toBe(true);
    // Bank systems print small kana large.
    expect(holderMatches("サトウ キヨウコ", "佐藤 京子", "サトウ キョウコ")).toBe(true);
  });

  it("refuses another reading, and any reading when the member gave none", () => {
    expect(holderMatches("タカハシ ハナコ", "高橋 健太", "タカハシ ケンタ")).toBe(false);
    expect(holderMatches("タカハシ ケンタ", "高橋 健太", null)).toBe(false);
    expect(holderMatches("タカハシ ケンタ", null, "タカハシ ケンタ")).toBe(false);
  });

  it("normalises to one comparable form", () => {
    expect(comparableName("\u3000ｶﾌﾞﾄ\t太郎\n")).toBe("カブト 太郎");
  });
});

describe("a name's kana reading", () => {
  it("is katakana or hiragana, either width, with spaces, long-vowel marks and middle dots", () => {
    for (const reading of [
      "ヤマダ タロウ",
      "やまだ たろう",
      "ﾔﾏﾀﾞ ﾀﾛｳ",
      "スミス・ジョン",
      "サトウ\u3000ユーコ",
    ]) {
      expect(isKanaReading(reading), reading).toBe(true);
    }
  });

  it("is not kanji, Latin letters, digits or marks alone", () => {
    for (const reading of ["山田 太郎", "Yamada", "ヤマダ1", "ー", " ", ""]) {
      expect(isKanaReading(reading), reading).toBe(false);
    }
  });
});
