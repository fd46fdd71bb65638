import { z } from "zod";
import { safeText } from "../text.ts";

// Declared apart, so the API client reads them without building this module's schemas.
export { bearerTransport, deviceTokenHeader, sessionTransportHeader } from "./request-headers.ts";

/**
 * A member's account name is a mobile number: the spec's ten digits, or a Japanese mobile
 * number of eleven digits starting 070, 080 or 090.
 */
export const accountPattern = /^(\d{10}|0[789]0\d{8})$/;
/** At least eight English letters or digits (the spec says eight; longer is safer and allowed). */
export const passwordPattern = /^[A-Za-z0-9]{8,64}$/;
export const inviteCodePattern = /^[A-Za-z0-9]{4,16}$/;
/** The httpOnly cookie that carries a member's session token: set by the API, read by the gateway too. */
export const sessionCookieName = "kabuto_session";
/** The staff session's cookie: the console's, apart from members' (the gateway reads it too). */
export const staffCookieName = "kabuto_staff";

const account = safeText({ error: "ACCOUNT_REQUIRED" })
  .trim()
  .min(1, { error: "ACCOUNT_REQUIRED" })
  .regex(accountPattern, { error: "ACCOUNT_INVALID" });

export const registerRequestSchema = z
  .object({
    account,
    password: safeText({ error: "PASSWORD_REQUIRED" })
      .min(1, { error: "PASSWORD_REQUIRED" })
      .regex(passwordPattern, { error: "PASSWORD_INVALID" }),
    passwordConfirm: safeText({ error: "PASSWORDS_DIFFER" }),
    /** Required unless the server is configured to make it optional; checked there. */
    inviteCode: safeText()
      .trim()
      .optional()
      .transform((value) => (value ? value.toUpperCase() : undefined))
      .refine((value) => value === undefined || inviteCodePattern.test(value), {
        error: "INVITER_NOT_FOUND",
      }),
    acceptTerms: z.literal(true, { error: "TERMS_NOT_ACCEPTED" }),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    error: "PASSWORDS_DIFFER",
    path: ["passwordConfirm"],
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** One-time sign-in codes sent by SMS are six digits. */
export const smsCodePattern = /^\d{6}$/;

/** Asks for a one-time sign-in code by SMS: the answer is the same whether or not the account exists. */
export const smsCodeRequestSchema = z.object({ account });
export type SmsCodeRequest = z.input<typeof smsCodeRequestSchema>;

/** What `POST /auth/sms-code` answers, for every well-formed number alike. */
export const smsCodeResponseSchema = z.object({
  ok: z.literal(true),
  /** How long a code sent now stays valid. */
  expiresInMs: z.number(),
});
export type SmsCodeResponse = z.infer<typeof smsCodeResponseSchema>;

/** Signs in with the code from the SMS instead of the password. */
export const smsLoginRequestSchema = z.object({
  account,
  code: safeText({ error: "SMS_CODE_REQUIRED" })
    .trim()
    .min(1, { error: "SMS_CODE_REQUIRED" })
    .regex(smsCodePattern, { error: "SMS_CODE_INVALID" }),
});
export type SmsLoginRequest = z.input<typeof smsLoginRequestSchema>;

export const loginRequestSchema = z.object({
  account: safeText({ error: "ACCOUNT_REQUIRED" }).trim().min(1, { error: "ACCOUNT_REQUIRED" }),
  password: safeText({ error: "PASSWORD_REQUIRED" }).min(1, { error: "PASSWORD_REQUIRED" }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const verificationStatuses = ["unverified", "pending", "verified", "rejected"] as const;

export const meSchema = z.object({
  id: z.string(),
  account: z.string(),
  /** The member's own code to invite others with. */
  inviteCode: z.string(),
  verification: z.enum(verificationStatuses),
  createdAtMs: z.number(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * Device tokens (OWASP's device cookies; api/src/kernel/devices.ts): a sign-in hands the device
 * that made it a token signed for that account, and the device's next sign-ins to the account
 * count against a budget of its own, which an attacker's guesses elsewhere cannot spend. A
 * browser holds it in this httpOnly cookie (`kabuto_staff_device` for the console); a caller that
 * signs in with `X-Session-Transport: bearer` gets it as `deviceToken` in the answer and sends it
 * back in `deviceTokenHeader` (request-headers.ts) when it signs in (or asks for an SMS code) again.
 */
export const deviceCookieName = "kabuto_device";
export const staffDeviceCookieName = "kabuto_staff_device";

export const sessionResponseSchema = z.object({
  member: meSchema,
  /** Only for a sign-in that asked for it with `X-Session-Transport: bearer`. */
  token: z.string().optional(),
  /** The same: this device's token, to send back in `X-Device-Token` at its next sign-in. */
  deviceToken: z.string().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
