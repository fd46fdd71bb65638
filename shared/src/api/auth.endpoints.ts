import {
  loginRequestSchema,
  meSchema,
  registerRequestSchema,
  sessionResponseSchema,
  smsCodeRequestSchema,
  smsCodeResponseSchema,
  smsLoginRequestSchema,
} from "./auth.ts";
import { doneSchema } from "./done.ts";
import { endpoint } from "./endpoint.ts";

/** Members' registration, sign-in (password or SMS code), sign-out, and who is signed in. */
export const authApi = {
  register: endpoint({
    method: "post",
    path: "/auth/register",
    tag: "auth",
    summary: "Register a member with a mobile number, a password and an invitation code",
    caller: "anyone",
    bearerTransport: true,
    status: 201,
    body: registerRequestSchema,
    response: sessionResponseSchema,
    errors: [
      "ACCOUNT_REQUIRED",
      "ACCOUNT_INVALID",
      "PASSWORD_INVALID",
      "PASSWORDS_DIFFER",
      "INVITE_CODE_REQUIRED",
      "INVITER_NOT_FOUND",
      "TERMS_NOT_ACCEPTED",
      "ACCOUNT_EXISTS",
      "REGISTRATION_THROTTLED",
    ],
  }),
  login: endpoint({
    method: "post",
    path: "/auth/login",
    tag: "auth",
    summary:
      "Sign in; sets the session cookie, or with `X-Session-Transport: bearer` sets none and returns the token",
    caller: "anyone",
    bearerTransport: true,
    body: loginRequestSchema,
    response: sessionResponseSchema,
    errors: [
      "ACCOUNT_REQUIRED",
      "PASSWORD_REQUIRED",
      "LOGIN_FAILED",
      "LOGIN_THROTTLED",
      "ACCOUNT_FROZEN",
      "ACCOUNT_DISABLED",
    ],
  }),
  smsCode: endpoint({
    method: "post",
    path: "/auth/sms-code",
    tag: "auth",
    summary:
      "Text a one-time sign-in code to a member's number; the same answer whether or not the number is a member. " +
      "Sets a short-lived cookie that the code is good for, in this browser only",
    caller: "anyone",
    body: smsCodeRequestSchema,
    response: smsCodeResponseSchema,
    errors: ["ACCOUNT_REQUIRED", "ACCOUNT_INVALID", "SMS_THROTTLED"],
  }),
  smsLogin: endpoint({
    method: "post",
    path: "/auth/sms-login",
    tag: "auth",
    summary:
      "Sign in with the code from the SMS, in the browser that asked for it; sets the session cookie, " +
      "or with `X-Session-Transport: bearer` sets none and returns the token",
    caller: "anyone",
    bearerTransport: true,
    body: smsLoginRequestSchema,
    response: sessionResponseSchema,
    errors: [
      "ACCOUNT_REQUIRED",
      "ACCOUNT_INVALID",
      "SMS_CODE_REQUIRED",
      "SMS_CODE_INVALID",
      "SMS_CODE_WRONG",
      "SMS_THROTTLED",
      "ACCOUNT_FROZEN",
      "ACCOUNT_DISABLED",
    ],
  }),
  logout: endpoint({
    method: "post",
    path: "/auth/logout",
    tag: "auth",
    summary: "End this session",
    caller: "anyone",
    response: doneSchema,
  }),
  me: endpoint({
    method: "get",
    path: "/me",
    tag: "auth",
    summary: "The signed-in member",
    caller: "member",
    response: meSchema,
  }),
};
