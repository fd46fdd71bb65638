import type {
  LoginRequest,
  RegisterRequest,
  SessionResponse,
  SmsLoginRequest,
} from "@kabuto/shared/api/auth";
import { authApi } from "@kabuto/shared/endpoints/auth";
import { call } from "../../lib/api.ts";
import { keepDeviceToken, keepSessionToken } from "../../native/session-token.ts";
import { clearSession, saveSession } from "../../state/session.ts";

/** A sign-in's answer: the tokens first when the wrapper asked for them, then the session. */
async function signedIn(response: SessionResponse): Promise<SessionResponse> {
  await keepSessionToken(response.token);
  await keepDeviceToken(response.deviceToken);
  saveSession(response);
  return response;
}

export async function login(request: LoginRequest): Promise<SessionResponse> {
  return signedIn(await call(authApi.login, { body: request }));
}

export async function smsLogin(request: SmsLoginRequest): Promise<SessionResponse> {
  return signedIn(await call(authApi.smsLogin, { body: request }));
}

export async function register(request: RegisterRequest): Promise<SessionResponse> {
  return signedIn(await call(authApi.register, { body: request }));
}

/** Signs out here even when the server cannot be reached: the member asked to leave. */
export async function logout(): Promise<void> {
  try {
    // Lazily: the push code is no part of the sign-in screens (pwa/push.ts).
    await import("../../pwa/push.ts").then((push) => push.forgetPushSubscription()).catch(() => undefined);
    await call(authApi.logout);
  } finally {
    clearSession();
  }
}
