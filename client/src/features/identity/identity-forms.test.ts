import { describe, expect, it } from "vitest";
import {
  buildCard,
  buildFundPassword,
  buildKyc,
  fundPasswordFieldErrors,
  loginPasswordErrors,
} from "./identity-forms.ts";
import { photoBytesMax, photoProblem } from "./photo.ts";

const photo = (size = 1000, type = "image/jpeg") => new Blob([new Uint8Array(size)], { type });

describe("photoProblem: a courtesy check before upload", () => {
  it("asks for a photo when none is chosen", () => {
    expect(photoProblem(undefined)).toBe("UPLOAD_REQUIRED");
  });

  it("refuses files that say they are not JPEG, PNG or WebP, and empty files", () => {
    expect(photoProblem(photo(10, "application/pdf"))).toBe("UPLOAD_TYPE_INVALID");
    expect(photoProblem(photo(10, "image/heic"))).toBe("UPLOAD_TYPE_INVALID");
    expect(photoProblem(photo(10, "image/png"))).toBeUndefined();
    expect(photoProblem(photo(0))).toBe("UPLOAD_FAILED");
  });

  it("refuses files over the cap and takes one at the cap", () => {
    expect(photoProblem({ size: photoBytesMax + 1, type: "image/jpeg" })).toBe("UPLOAD_TOO_LARGE");
    expect(photoProblem({ size: photoBytesMax, type: "image/jpeg" })).toBeUndefined();
  });

  it("leaves a file without a type to the server", () => {
    expect(photoProblem(photo(10, ""))).toBeUndefined();
  });
});

describe("buildKyc", () => {
  const draft = {
    documentType: "id_card" as const,
    name: " 山田 太郎 ",
    nameKana: "",
    idNumber: "1234-5678",
    front: photo(),
    back: photo(),
  };

  it("sends the trimmed fields and both images as multipart parts", () => {
    const built = buildKyc(draft);
    if (built.errors) throw new Error("expected a form");
    expect(built.form.get("name")).toBe("山田 太郎");
    expect(built.form.get("idNumber")).toBe("1234-5678");
    expect(built.form.get("documentType")).toBe("id_card");
    // No reading given: no field, rather than an empty one.
    expect(built.form.has("nameKana")).toBe(false);
    expect(built.form.get("front")).toBeInstanceOf(Blob);
    expect(built.form.get("back")).toBeInstanceOf(Blob);
  });

  it("shows every missing field at once, images included", () => {
    const built = buildKyc({ ...draft, name: " ", idNumber: "", front: undefined, back: undefined });
    expect(built.errors).toEqual({
      name: "NAME_REQUIRED",
      idNumber: "ID_NUMBER_REQUIRED",
      front: "UPLOAD_REQUIRED",
      back: "UPLOAD_REQUIRED",
    });
  });

  it("sends a kana reading trimmed, and refuses one in other scripts", () => {
    const built = buildKyc({ ...draft, nameKana: " ヤマダ タロウ " });
    expect(built.form?.get("nameKana")).toBe("ヤマダ タロウ");
    expect(buildKyc({ ...draft, nameKana: "Yamada Taro" }).errors).toEqual({ nameKana: "NAME_KANA_INVALID" });
  });

  it("refuses an ID number with other characters", () => {
    expect(buildKyc({ ...draft, idNumber: "12/34<script>" }).errors).toEqual({
      idNumber: "ID_NUMBER_INVALID",
    });
  });
});

describe("buildCard", () => {
  const card = {
    holderName: "ヤマダ タロウ",
    cardNumber: "1234 5678-90",
    cardType: "ordinary",
    bankName: "三菱UFJ銀行",
    branchName: "本店",
    branchCode: "001",
  };

  it("takes a full card, with the number's spaces and dashes removed", () => {
    expect(buildCard(card)).toEqual({ card: { ...card, cardNumber: "1234567890", ifsc: "", upi: "" } });
  });

  it("requires every field but IFSC and UPI", () => {
    const built = buildCard({ ...card, bankName: "", branchCode: " ", cardNumber: "" });
    expect(built.errors).toEqual({
      bankName: "CARD_FIELD_REQUIRED",
      branchCode: "CARD_FIELD_REQUIRED",
      cardNumber: "CARD_FIELD_REQUIRED",
    });
  });

  it("refuses a card number that is not 6 to 30 digits", () => {
    expect(buildCard({ ...card, cardNumber: "12ab56" }).errors).toEqual({
      cardNumber: "CARD_NUMBER_INVALID",
    });
    expect(buildCard({ ...card, cardNumber: "12345" }).errors).toEqual({ cardNumber: "CARD_NUMBER_INVALID" });
  });
});

describe("loginPasswordErrors", () => {
  it("needs the old password, a valid new one, typed twice alike", () => {
    expect(loginPasswordErrors({ oldPassword: "", password: "short", passwordConfirm: "other" })).toEqual({
      oldPassword: "PASSWORD_REQUIRED",
      password: "PASSWORD_INVALID",
      passwordConfirm: "PASSWORDS_DIFFER",
    });
    expect(
      loginPasswordErrors({ oldPassword: "old12345", password: "new12345", passwordConfirm: "new1234" }),
    ).toEqual({
      passwordConfirm: "PASSWORDS_DIFFER",
    });
    expect(
      loginPasswordErrors({ oldPassword: "old12345", password: "new12345", passwordConfirm: "new12345" }),
    ).toEqual({});
  });
});

describe("buildFundPassword", () => {
  it("proves a first fund password with the login password", () => {
    expect(
      buildFundPassword({ proof: "demo1234", fundPassword: "123456", fundPasswordConfirm: "123456" }, "set"),
    ).toEqual({
      body: { loginPassword: "demo1234", fundPassword: "123456", fundPasswordConfirm: "123456" },
    });
  });

  it("proves a change with the old fund password", () => {
    const built = buildFundPassword(
      { proof: "123456", fundPassword: "654321", fundPasswordConfirm: "654321" },
      "change",
    );
    expect(built.body).toEqual({
      oldFundPassword: "123456",
      fundPassword: "654321",
      fundPasswordConfirm: "654321",
    });
  });

  it("takes six digits only, typed twice alike, with the proof", () => {
    expect(
      buildFundPassword({ proof: "", fundPassword: "12345a", fundPasswordConfirm: "12345a" }, "set").errors,
    ).toEqual({
      proof: "PASSWORD_REQUIRED",
      fundPassword: "FUND_PASSWORD_INVALID",
    });
    expect(
      buildFundPassword({ proof: "", fundPassword: "123456", fundPasswordConfirm: "123465" }, "change")
        .errors,
    ).toEqual({
      proof: "FUND_PASSWORD_REQUIRED",
      fundPasswordConfirm: "PASSWORDS_DIFFER",
    });
  });

  it("puts the server's proof errors on the proof field", () => {
    expect(
      fundPasswordFieldErrors({
        oldFundPassword: "FUND_PASSWORD_WRONG",
        fundPassword: "FUND_PASSWORD_INVALID",
      }),
    ).toEqual({
      proof: "FUND_PASSWORD_WRONG",
      fundPassword: "FUND_PASSWORD_INVALID",
    });
  });
});
