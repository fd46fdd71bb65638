import { z } from "zod";
import { safeText } from "../text.ts";
import { passwordPattern, verificationStatuses } from "./auth.ts";

/** The identity documents a member may verify with: My Number card or passport, driving licence, health insurance card. */
export const documentTypes = ["id_card", "driving_licence", "health_insurance"] as const;
export type DocumentType = (typeof documentTypes)[number];

/** Document numbers: letters, digits and dashes (My Number 12 digits, licences 12, passports 9). */
export const idNumberPattern = /^[A-Za-z0-9-]{4,32}$/;

/**
 * A name's reading in kana: katakana or hiragana, full- or half-width, with spaces, long-vowel
 * marks and middle dots. Checked after NFKC, which makes half-width kana and the ideographic
 * space their ordinary forms.
 */
export function isKanaReading(text: string): boolean {
  return /^[\u3041-\u3096\u309D\u309E\u30A1-\u30FA\u30FB\u30FC\u30FD\u30FE ]*[\u3041-\u3096\u30A1-\u30FA][\u3041-\u3096\u309D\u309E\u30A1-\u30FA\u30FB\u30FC\u30FD\u30FE ]*$/u.test(
    text.normalize("NFKC"),
  );
}

/** The text fields of a verification request; the two images come as multipart files `front` and `back`. */
export const kycSubmitSchema = z.object({
  documentType: z.enum(documentTypes, { error: "DOCUMENT_TYPE_INVALID" }),
  name: safeText({ error: "NAME_REQUIRED" })
    .trim()
    .min(1, { error: "NAME_REQUIRED" })
    .max(64, { error: "VALIDATION_FAILED" }),
  /**
   * The name's reading in kana, as on the member's Japanese bank account; optional (an empty
   * field is none). Bank cards may then carry either the name or this reading.
   */
  nameKana: safeText({ error: "NAME_KANA_INVALID" })
    .trim()
    .max(64, { error: "VALIDATION_FAILED" })
    .refine((text) => text === "" || isKanaReading(text), { error: "NAME_KANA_INVALID" })
    .optional()
    .transform((text) => (text ? text : undefined)),
  idNumber: safeText({ error: "ID_NUMBER_REQUIRED" })
    .trim()
    .min(1, { error: "ID_NUMBER_REQUIRED" })
    .regex(idNumberPattern, { error: "ID_NUMBER_INVALID" }),
});
export type KycSubmit = z.infer<typeof kycSubmitSchema>;

export const kycApplicationStatuses = ["pending", "approved", "rejected"] as const;

export const kycApplicationSchema = z.object({
  id: z.string(),
  documentType: z.enum(documentTypes),
  name: z.string(),
  nameKana: z.string().nullable(),
  /** Only the last four characters are ever sent back. */
  idNumberMasked: z.string(),
  status: z.enum(kycApplicationStatuses),
  /** Shown to the member when the application was rejected. */
  reason: z.string().nullable(),
  /** The member's own images, readable at `GET /uploads/{id}`. */
  frontUploadId: z.string(),
  backUploadId: z.string(),
  createdAtMs: z.number(),
  reviewedAtMs: z.number().nullable(),
});
export type KycApplication = z.infer<typeof kycApplicationSchema>;

export const kycStatusSchema = z.object({
  verification: z.enum(verificationStatuses),
  /** The newest application, if any. */
  application: kycApplicationSchema.nullable(),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** The review queue: pending applications by default, oldest first. */
export const kycQueueQuerySchema = z.object({
  status: z.enum(kycApplicationStatuses, { error: "VALIDATION_FAILED" }).default("pending"),
});

/** An application as operations see it: the full document number and the member it belongs to. */
export const kycReviewItemSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberAccount: z.string(),
  documentType: z.enum(documentTypes),
  name: z.string(),
  nameKana: z.string().nullable(),
  idNumber: z.string(),
  status: z.enum(kycApplicationStatuses),
  reason: z.string().nullable(),
  frontUploadId: z.string(),
  backUploadId: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAtMs: z.number().nullable(),
  createdAtMs: z.number(),
});
export type KycReviewItem = z.infer<typeof kycReviewItemSchema>;
export const kycReviewListSchema = z.object({ items: z.array(kycReviewItemSchema) });

/** One application with its evidence: images (at `GET /ops/uploads/{id}`), the member, and their earlier applications. */
export const kycReviewDetailSchema = kycReviewItemSchema.extend({
  member: z.object({
    id: z.string(),
    account: z.string(),
    verification: z.enum(verificationStatuses),
    realName: z.string().nullable(),
    realNameKana: z.string().nullable(),
    frozen: z.boolean(),
    disabled: z.boolean(),
    createdAtMs: z.number(),
  }),
  /** The member's other applications, newest first. */
  history: z.array(kycReviewItemSchema),
});
export type KycReviewDetail = z.infer<typeof kycReviewDetailSchema>;

const cardField = (max: number) =>
  safeText({ error: "CARD_FIELD_REQUIRED" })
    .trim()
    .min(1, { error: "CARD_FIELD_REQUIRED" })
    .max(max, { error: "VALIDATION_FAILED" });

/**
 * The spec's bank-card fields. IFSC and UPI identify Indian accounts only, so they are optional
 * here (a Japanese account has neither); every other field is required.
 */
/**
 * The card types of Japanese bank accounts the app offers (普通, 当座, 貯蓄). The field is the
 * member's text, so a card added otherwise may hold another; screens name these three in words
 * and show any other as it was written.
 */
export const bankCardTypes = ["ordinary", "current", "savings"] as const;
export type BankCardType = (typeof bankCardTypes)[number];

export function isBankCardType(value: string): value is BankCardType {
  return (bankCardTypes as readonly string[]).includes(value);
}

/**
 * The Japanese words for the card types, as a bank's passbook prints them and as cards entered
 * before the form stored codes hold them: read as the type, so they show in the reader's language.
 */
const bankCardTypeWords: ReadonlyMap<string, BankCardType> = new Map([
  ["普通", "ordinary"],
  ["普通預金", "ordinary"],
  ["当座", "current"],
  ["当座預金", "current"],
  ["貯蓄", "savings"],
  ["貯蓄預金", "savings"],
]);

/** The card type a stored value names, by its code or its Japanese word; undefined for any other text. */
export function bankCardTypeOf(value: string): BankCardType | undefined {
  const text = value.trim();
  return isBankCardType(text) ? text : bankCardTypeWords.get(text);
}

export const bankCardInputSchema = z.object({
  holderName: cardField(64),
  cardNumber: safeText({ error: "CARD_FIELD_REQUIRED" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, { error: "CARD_FIELD_REQUIRED" })
        .regex(/^\d{6,30}$/, { error: "CARD_NUMBER_INVALID" }),
    ),
  cardType: cardField(32),
  bankName: cardField(64),
  branchName: cardField(64),
  branchCode: cardField(16),
  ifsc: safeText().trim().max(11).optional().default(""),
  upi: safeText().trim().max(64).optional().default(""),
});
export type BankCardInput = z.input<typeof bankCardInputSchema>;

export const bankCardSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  /** `**** 1234`: the full number never leaves the server after the card is added. */
  cardNumberMasked: z.string(),
  cardType: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  ifsc: z.string(),
  upi: z.string(),
  createdAtMs: z.number(),
});
export type BankCard = z.infer<typeof bankCardSchema>;
export const bankCardListSchema = z.object({ items: z.array(bankCardSchema) });

/** A card as operations see it, for paying a withdrawal out: the full number, and removed cards too. */
export const staffBankCardSchema = bankCardSchema.extend({
  memberId: z.string(),
  cardNumber: z.string(),
  removedAtMs: z.number().nullable(),
});
export type StaffBankCard = z.infer<typeof staffBankCardSchema>;
export const staffBankCardListSchema = z.object({ items: z.array(staffBankCardSchema) });
export const staffBankCardQuerySchema = z.object({ memberId: z.uuid({ error: "MEMBER_NOT_FOUND" }) });

const newPassword = safeText({ error: "PASSWORD_REQUIRED" })
  .min(1, { error: "PASSWORD_REQUIRED" })
  .regex(passwordPattern, { error: "PASSWORD_INVALID" });

export const changeLoginPasswordSchema = z
  .object({
    oldPassword: safeText({ error: "PASSWORD_REQUIRED" }).min(1, { error: "PASSWORD_REQUIRED" }),
    password: newPassword,
    passwordConfirm: safeText({ error: "PASSWORDS_DIFFER" }),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    error: "PASSWORDS_DIFFER",
    path: ["passwordConfirm"],
  });

/** Six digits, as Japanese brokers' trading PINs are. */
export const fundPasswordPattern = /^\d{6}$/;

/**
 * Sets the fund password (the login password proves who asks) or changes it (the old fund
 * password does).
 */
export const setFundPasswordSchema = z
  .object({
    loginPassword: safeText().optional(),
    oldFundPassword: safeText().optional(),
    fundPassword: safeText({ error: "FUND_PASSWORD_REQUIRED" })
      .min(1, { error: "FUND_PASSWORD_REQUIRED" })
      .regex(fundPasswordPattern, { error: "FUND_PASSWORD_INVALID" }),
    fundPasswordConfirm: safeText({ error: "PASSWORDS_DIFFER" }),
  })
  .refine((body) => body.fundPassword === body.fundPasswordConfirm, {
    error: "PASSWORDS_DIFFER",
    path: ["fundPasswordConfirm"],
  });

/** What the security screens need to know about the member. */
export const securityStatusSchema = z.object({
  fundPasswordSet: z.boolean(),
  verification: z.enum(verificationStatuses),
  realName: z.string().nullable(),
  frozen: z.boolean(),
  tradingBarred: z.boolean(),
  withdrawBarred: z.boolean(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;
