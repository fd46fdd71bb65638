import {
  type LoginRequest,
  type Me,
  meSchema,
  type RegisterRequest,
  type SessionResponse,
  type SmsCodeRequest,
  type SmsCodeResponse,
  type SmsLoginRequest,
  sessionResponseSchema,
  smsCodeResponseSchema,
} from "@kabuto/shared";
import { apiGet, apiSend } from "../../lib/api.ts";
import { keepSessionToken } from "../../native/session-token.ts";
import { clearSession, saveSession } from "../../state/session.ts";

/** A sign-in's answer: the token first when the wrapper asked for one, then the session. */
async function signedIn(response: SessionResponse): Promise<SessionResponse> {
  await keepSessionToken(response.token);
  saveSession(response);
  return response;
}

export async function login(request: LoginRequest): Promise<SessionResponse> {
  return signedIn(await apiSend("POST", "/auth/login", request, sessionResponseSchema));
}

/**
 * Asks for a sign-in code by SMS. The server answers the same for any well-formed number and
 * ties the code to this browser with a cookie, so the code works only here.
 */
export function requestSmsCode(request: SmsCodeRequest): Promise<SmsCodeResponse> {
  return apiSend("POST", "/auth/sms-code", request, smsCodeResponseSchema);
}

export async function smsLogin(request: SmsLoginRequest): Promise<SessionResponse> {
  return signedIn(await apiSend("POST", "/auth/sms-login", request, sessionResponseSchema));
}

export async function register(request: RegisterRequest): Promise<SessionResponse> {
  return signedIn(await apiSend("POST", "/auth/register", request, sessionResponseSchema));
}

/** Signs out here even when the server cannot be reached: the member asked to leave. */
export async function logout(): Promise<void> {
  try {
    await apiSend("POST", "/auth/logout");
  } finally {
    clearSession();
  }
}

export function fetchMe(): Promise<Me> {
  return apiGet("/me", meSchema);
}
