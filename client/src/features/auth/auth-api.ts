import {
  type LoginRequest,
  type Me,
  meSchema,
  type RegisterRequest,
  type SessionResponse,
  sessionResponseSchema,
} from "@kabuto/shared";
import { apiGet, apiSend } from "../../lib/api.ts";
import { clearSession, saveSession } from "../../state/session.ts";

export async function login(request: LoginRequest): Promise<SessionResponse> {
  const response = await apiSend("POST", "/auth/login", request, sessionResponseSchema);
  saveSession(response);
  return response;
}

export async function register(request: RegisterRequest): Promise<SessionResponse> {
  const response = await apiSend("POST", "/auth/register", request, sessionResponseSchema);
  saveSession(response);
  return response;
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
