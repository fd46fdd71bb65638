import {
  type BankCardInput,
  bankCardInputSchema,
  changeLoginPasswordSchema,
  type DocumentType,
  kycSubmitSchema,
  setFundPasswordSchema,
} from "@kabuto/shared/api/identity";
import type { FieldError } from "../../lib/api-error.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "../auth/form-errors.ts";
import { photoProblem } from "./photo.ts";

/**
 * The identity forms, checked in the browser with the shared schemas the server uses, so most
 * mistakes show at their field before a round trip. The server checks everything again, and
 * its field codes land on the same fields.
 */

export interface KycDraft {
  documentType: DocumentType;
  name: string;
  /** The name's reading in kana; empty for none. */
  nameKana: string;
  idNumber: string;
  front: Blob | undefined;
  back: Blob | undefined;
}

/** The verification request as multipart form data, or the errors to show at the fields. */
export function buildKyc(
  draft: KycDraft,
): { form: FormData; errors?: undefined } | { form?: undefined; errors: FieldErrors } {
  const parsed = kycSubmitSchema.safeParse(draft);
  const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  const front = photoProblem(draft.front);
  const back = photoProblem(draft.back);
  if (front) errors.front = front;
  if (back) errors.back = back;
  if (!parsed.success || front || back || !draft.front || !draft.back) return { errors };
  const form = new FormData();
  form.set("documentType", parsed.data.documentType);
  form.set("name", parsed.data.name);
  if (parsed.data.nameKana) form.set("nameKana", parsed.data.nameKana);
  form.set("idNumber", parsed.data.idNumber);
  form.set("front", draft.front, "front");
  form.set("back", draft.back, "back");
  return { form };
}

/** The card to add, or the errors to show at the fields. */
export function buildCard(
  draft: BankCardInput,
): { card: BankCardInput; errors?: undefined } | { card?: undefined; errors: FieldErrors } {
  const parsed = bankCardInputSchema.safeParse(draft);
  if (!parsed.success) return { errors: fieldErrorsFromIssues(parsed.error.issues) };
  return { card: parsed.data };
}

export interface LoginPasswordDraft {
  oldPassword: string;
  password: string;
  passwordConfirm: string;
}

export function loginPasswordErrors(draft: LoginPasswordDraft): FieldErrors {
  const parsed = changeLoginPasswordSchema.safeParse(draft);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
}

/** Setting a first fund password is proved with the login password; changing one, with the old fund password. */
export type FundPasswordMode = "set" | "change";

export interface FundPasswordDraft {
  /** The login password (set) or the current fund password (change). */
  proof: string;
  fundPassword: string;
  fundPasswordConfirm: string;
}

export interface FundPasswordBody {
  loginPassword?: string;
  oldFundPassword?: string;
  fundPassword: string;
  fundPasswordConfirm: string;
}

/** The body to send, or the errors to show; the proof's errors show under the field `proof`. */
export function buildFundPassword(
  draft: FundPasswordDraft,
  mode: FundPasswordMode,
): { body: FundPasswordBody; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const body: FundPasswordBody = {
    ...(mode === "set" ? { loginPassword: draft.proof } : { oldFundPassword: draft.proof }),
    fundPassword: draft.fundPassword,
    fundPasswordConfirm: draft.fundPasswordConfirm,
  };
  const parsed = setFundPasswordSchema.safeParse(body);
  const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  if (draft.proof === "") errors.proof = mode === "set" ? "PASSWORD_REQUIRED" : "FUND_PASSWORD_REQUIRED";
  if (Object.keys(errors).length > 0) return { errors };
  return { body };
}

/** Where a server's field code shows on the fund-password form: its proof field has one name for both modes. */
export function fundPasswordFieldErrors(fields: Readonly<Record<string, FieldError>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, code] of Object.entries(fields)) {
    errors[field === "loginPassword" || field === "oldFundPassword" ? "proof" : field] = code;
  }
  return errors;
}
