import { describe, expect, it } from "vitest";
import { copyNicknameIn, leadTextIn } from "./lead-text.ts";

const translated = {
  nickname: "波乗りギツネ",
  bio: "上昇が続く銘柄に乗ります。",
  translations: {
    nickname: { ja: "波乗りギツネ", en: "Surfing Fox", "zh-Hant": "衝浪狐" },
    bio: { ja: "上昇が続く銘柄に乗ります。", en: "Rides stocks that keep rising.", "zh-Hant": "" },
  },
};

describe("a lead's texts in the reader's language", () => {
  it("shows what the lead wrote for that language's members, with no other language appended", () => {
    expect(leadTextIn(translated, "en")).toEqual({
      nickname: "Surfing Fox",
      bio: "Rides stocks that keep rising.",
    });
    expect(leadTextIn(translated, "ja")).toEqual({
      nickname: "波乗りギツネ",
      bio: "上昇が続く銘柄に乗ります。",
    });
  });

  it("falls back to what the lead wrote for everyone where a language is blank or missing", () => {
    expect(leadTextIn(translated, "zh-Hant")).toEqual({
      nickname: "衝浪狐",
      bio: "上昇が続く銘柄に乗ります。",
    });
    expect(leadTextIn({ nickname: "Koi", bio: "", translations: null }, "ja")).toEqual({
      nickname: "Koi",
      bio: "",
    });
  });

  it("names a copy's lead likewise", () => {
    expect(
      copyNicknameIn({ nickname: "波乗りギツネ", nicknames: translated.translations.nickname }, "en"),
    ).toBe("Surfing Fox");
    expect(copyNicknameIn({ nickname: "Koi", nicknames: null }, "zh-Hant")).toBe("Koi");
  });
});
