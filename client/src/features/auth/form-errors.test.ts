import { loginRequestSchema, registerRequestSchema } from "@kabuto/shared/api/auth";
import { bankCardInputSchema } from "@kabuto/shared/api/identity";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../lib/api.ts";
import { fieldErrorsFromIssues } from "./form-errors.ts";

function check(schema: typeof registerRequestSchema | typeof loginRequestSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
}

const valid = {
  account: "09012345678",
  password: "demo1234",
  passwordConfirm: "demo1234",
  inviteCode: "KABUTO",
  acceptTerms: true,
};

describe("registration is checked in the browser with the server's own schema", () => {
  it("passes a valid form", () => {
    expect(check(registerRequestSchema, valid)).toEqual({});
  });

  it("names each wrong field with its error code", () => {
    expect(
      check(registerRequestSchema, {
        account: "12345",
        password: "short",
        passwordConfirm: "short",
        inviteCode: "KABUTO",
        acceptTerms: false,
      }),
    ).toEqual({
      account: "ACCOUNT_INVALID",
      password: "PASSWORD_INVALID",
      acceptTerms: "TERMS_NOT_ACCEPTED",
    });
  });

  it("keeps the first code of a field when it has several", () => {
    expect(check(registerRequestSchema, { ...valid, account: "" }).account).toBe("ACCOUNT_REQUIRED");
  });

  it("reports differing passwords on the confirmation field", () => {
    expect(check(registerRequestSchema, { ...valid, passwordConfirm: "demo12345" })).toEqual({
      passwordConfirm: "PASSWORDS_DIFFER",
    });
  });

  it("rejects an invitation code with symbols", () => {
    expect(check(registerRequestSchema, { ...valid, inviteCode: "KA-BU" }).inviteCode).toBe(
      "INVITER_NOT_FOUND",
    );
  });
});

describe("sign-in needs both fields", () => {
  it("reports each empty field", () => {
    expect(check(loginRequestSchema, { account: " ", password: "" })).toEqual({
      account: "ACCOUNT_REQUIRED",
      password: "PASSWORD_REQUIRED",
    });
  });
});

describe("a bound the schema leaves generic", () => {
  it("reaches the field as its kind and bound, as the server reports it", () => {
    const result = bankCardInputSchema.safeParse({
      holderName: "ヤマダ タロウ",
      cardNumber: "1234567",
      cardType: "普通",
      bankName: "銀".repeat(65),
      branchName: "本店",
      branchCode: "0".repeat(17),
    });
    expect(result.success ? {} : fieldErrorsFromIssues(result.error.issues)).toEqual({
      bankName: { code: "TOO_LONG", max: 64 },
      branchCode: { code: "TOO_LONG", max: 16 },
    });
  });

  it("is read back from a server's validation details with its bound", () => {
    expect(
      fieldErrors({
        fields: { bankName: "TOO_LONG", holderName: "CARD_FIELD_REQUIRED" },
        params: { bankName: { max: 64 } },
      }),
    ).toEqual({ bankName: { code: "TOO_LONG", max: 64 }, holderName: "CARD_FIELD_REQUIRED" });
  });
});
