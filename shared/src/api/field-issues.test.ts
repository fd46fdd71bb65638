import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldIssuesOf } from "./field-issues.ts";
import { bankCardInputSchema } from "./identity.ts";

/** The field issues a schema reports for an input. */
function issuesFor(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldIssuesOf(result.error.issues);
}

describe("field issues", () => {
  it("names a length bound the schema left generic", () => {
    const schema = z.object({ name: z.string().max(40, { error: "VALIDATION_FAILED" }) });
    expect(issuesFor(schema, { name: "x".repeat(41) })).toEqual({ name: { code: "TOO_LONG", max: 40 } });
  });

  it("names the kind of every bound and format zod checks", () => {
    const schema = z.object({
      empty: z.string().min(1),
      short: z.string().min(4),
      many: z.array(z.string()).max(2),
      small: z.number().min(10),
      large: z.number().max(99),
      positive: z.number().positive(),
      under: z.number().lt(5),
      email: z.email(),
      choice: z.enum(["a", "b"]),
    });
    expect(
      issuesFor(schema, {
        empty: "",
        short: "abc",
        many: ["a", "b", "c"],
        small: 9,
        large: 100,
        positive: 0,
        under: 5,
        email: "nobody",
        choice: "c",
      }),
    ).toEqual({
      empty: { code: "FIELD_REQUIRED" },
      short: { code: "TOO_SHORT", min: 4 },
      many: { code: "TOO_MANY", max: 2 },
      small: { code: "TOO_SMALL", min: 10 },
      large: { code: "TOO_LARGE", max: 99 },
      positive: { code: "MUST_EXCEED", min: 0 },
      under: { code: "MUST_BE_UNDER", max: 5 },
      email: { code: "INVALID_FORMAT" },
      choice: { code: "VALIDATION_FAILED" },
    });
  });

  it("keeps a schema's own code, with the bound beside it", () => {
    // INVALID_CODE is no code of the closed list: a message that is not a code gives way too.
    const schema = z.object({
      holder: z.string().max(8, { error: "CARD_HOLDER_MISMATCH" }),
      other: z.string().max(8, { error: "INVALID_CODE" }),
    });
    expect(issuesFor(schema, { holder: "x".repeat(9), other: "x".repeat(9) })).toEqual({
      holder: { code: "CARD_HOLDER_MISMATCH", max: 8 },
      other: { code: "TOO_LONG", max: 8 },
    });
  });

  it("composes with a refinement's own code", () => {
    const text = z.string().refine((value) => !value.includes("\u0000"), { error: "CARD_FIELD_REQUIRED" });
    expect(issuesFor(z.object({ name: text }), { name: "a\u0000b" })).toEqual({
      name: { code: "CARD_FIELD_REQUIRED" },
    });
  });

  it("tells a member adding a card which field is too long, and by how much", () => {
    const card = {
      holderName: "ヤマダ タロウ",
      cardNumber: "1234567",
      cardType: "普通",
      bankName: "銀".repeat(65),
      branchName: "本店",
      branchCode: "001",
    };
    expect(issuesFor(bankCardInputSchema, card)).toEqual({ bankName: { code: "TOO_LONG", max: 64 } });
  });
});
