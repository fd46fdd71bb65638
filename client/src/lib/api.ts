import { errorBodySchema } from "@kabuto/shared/api/errors";
import { validationDetailsSchema } from "@kabuto/shared/api/field-issues";
import {
  bearerTransport,
  deviceTokenHeader,
  sessionTransportHeader,
  tradingPinHeader,
} from "@kabuto/shared/api/request-headers";
import { type CallInput, type EndpointResponse, type EndpointSpec, pathOf } from "@kabuto/shared/endpoint";
import type { z } from "zod";
import { bearerToken, deviceToken, isWrapped } from "../native/session-token.ts";
import { ApiError, type FieldError } from "./api-error.ts";
import { reportUnauthorized } from "./unauthorized.ts";

/** The spec's request time-out (section 7). */
export const apiTimeoutMs = 10_000;
/**
 * Uploads carry photos of a few megabytes from a phone, often on a mobile network: 10 s would
 * cut off a slow but healthy upload, so they get a minute.
 */
export const uploadTimeoutMs = 60_000;
const apiBase = "/api/v1";
/** Sign-ins that answer with a token instead of a cookie when asked (the native wrapper asks). */
const bearerSignIns = new Set(["/auth/login", "/auth/register", "/auth/sms-login"]);
/** Where the wrapper sends its device token, as a browser sends its device cookie: they read it. */
const deviceTokenReaders = new Set(["/auth/login", "/auth/sms-code"]);

/** Each field's code, with the bound the server named for it (`params`) where it named one. */
export function fieldErrors(details: Record<string, unknown> | undefined): Record<string, FieldError> {
  const parsed = validationDetailsSchema.safeParse(details ?? {});
  if (!parsed.success) return {};
  const { fields = {}, params = {} } = parsed.data;
  const result: Record<string, FieldError> = {};
  for (const [name, code] of Object.entries(fields)) {
    const bounds = params[name];
    result[name] = bounds ? { code, ...bounds } : code;
  }
  return result;
}

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, details } = parsed.data.error;
    return new ApiError(response.status, code, fieldErrors(details));
  }
  return new ApiError(response.status, response.status === 401 ? "UNAUTHENTICATED" : "BAD_RESPONSE");
}

/** A request body: JSON, or multipart form data (files with their fields). */
type Body = { json: unknown } | { form: FormData } | undefined;

function encode(body: Body): { headers: Record<string, string>; payload: BodyInit | undefined } {
  if (body === undefined) return { headers: { accept: "application/json" }, payload: undefined };
  // The browser writes a multipart content type itself, with its boundary.
  if ("form" in body) return { headers: { accept: "application/json" }, payload: body.form };
  // A bodiless action (a cancel, a sign-out) still sends JSON: the API refuses any other body
  // type on a state-changing route, which is half of its defence against other sites' forms.
  return {
    headers: { accept: "application/json", "content-type": "application/json" },
    payload: JSON.stringify(body.json ?? {}),
  };
}

async function send(
  method: string,
  path: string,
  body: Body,
  idempotencyKey?: string,
  tradingPin?: string,
  timeoutMs?: number,
): Promise<Response> {
  const { headers, payload } = encode(body);
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  if (tradingPin !== undefined) headers[tradingPinHeader] = tradingPin;
  // Wrapped, the session is a bearer token from secure storage (native/bridge.ts), not a cookie.
  const token = bearerToken();
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (bearerSignIns.has(path) && isWrapped()) headers[sessionTransportHeader] = bearerTransport;
  // A PIN's check reads the device token too: the member's own device guesses on its own budget.
  const device = deviceTokenReaders.has(path) || tradingPin !== undefined ? deviceToken() : undefined;
  if (device !== undefined) headers[deviceTokenHeader] = device;
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method,
      credentials: "same-origin",
      headers,
      body: payload,
      signal: AbortSignal.timeout(
        timeoutMs ?? (body !== undefined && "form" in body ? uploadTimeoutMs : apiTimeoutMs),
      ),
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
    throw new ApiError(0, timedOut ? "TIMEOUT" : "NETWORK_ERROR", {}, { cause });
  }
  if (!response.ok) {
    const error = await failure(response);
    // The app sends the member to sign in (spec section 8); the console sends staff to theirs.
    if (response.status === 401)
      reportUnauthorized(error.code, path.startsWith("/ops/") ? "staff" : "member");
    throw error;
  }
  return response;
}

async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, "BAD_RESPONSE", {}, { cause: parsed.error });
  return parsed.data;
}

/** GET and check the answer against its shared schema. */
export async function apiGet<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  return parse(await send("GET", path, undefined), schema);
}

/** POST, PUT or DELETE; the answer is checked when a schema is given and ignored otherwise. */
export async function apiSend<T>(
  method: "POST" | "PUT" | "DELETE",
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T>;
export async function apiSend(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<void>;
export async function apiSend<T>(
  method: "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  schema?: z.ZodType<T>,
): Promise<T | undefined> {
  const response = await send(method, path, { json: body });
  return schema ? parse(response, schema) : undefined;
}

/**
 * POST an action the server must not do twice (orders, closes, margin): `idempotencyKey` names
 * the member's intent, so a retry after a lost answer returns the first result.
 */
export async function apiAct<T>(
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  idempotencyKey: string,
): Promise<T> {
  return parse(await send("POST", path, { json: body }, idempotencyKey), schema);
}

/**
 * POST multipart form data (text fields and image files), with the same 401 handling and error
 * codes as JSON calls; the answer is checked against its schema. `idempotencyKey` as for apiAct.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  schema: z.ZodType<T>,
  idempotencyKey: string,
): Promise<T> {
  return parse(await send("POST", path, { form }, idempotencyKey), schema);
}

const changeListeners = new Set<(tag: string) => void>();

/** Hears every change the member makes through a declared endpoint, by the endpoint's tag (queries.ts). */
export function onChange(listener: (tag: string) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** What `call` needs beside the input: the member's intent for an endpoint that takes a key. */
export type CallOptions<Spec extends EndpointSpec> = Spec["idempotent"] extends true
  ? {
      idempotencyKey: string;
      /** The member's trading PIN, for an endpoint declared `tradingPin` (the confirmation step asks it). */
      tradingPin?: Spec["tradingPin"] extends true ? string | undefined : undefined;
    }
  : { idempotencyKey?: undefined; tradingPin?: undefined };

/**
 * Calls a declared endpoint (`@kabuto/shared/endpoints/*`): the path with its parameters put in,
 * the query string, the body as JSON or multipart, the Idempotency-Key where the endpoint takes
 * one, and the answer checked against the declared response.
 */
export async function call<Spec extends EndpointSpec>(
  spec: Spec,
  ...[input, options]: Spec["idempotent"] extends true
    ? [input: CallInput<Spec>, options: CallOptions<Spec>]
    : Record<never, never> extends CallInput<Spec>
      ? [input?: CallInput<Spec>, options?: CallOptions<Spec>]
      : [input: CallInput<Spec>, options?: CallOptions<Spec>]
): Promise<EndpointResponse<Spec>> {
  const given = (input ?? {}) as { params?: Record<string, string>; query?: unknown; body?: unknown };
  const path = `${pathOf(spec, given.params)}${queryString(given.query)}`;
  const body: Body =
    spec.method === "get"
      ? undefined
      : given.body instanceof FormData
        ? { form: given.body }
        : { json: given.body };
  const response = await send(
    spec.method.toUpperCase(),
    path,
    body,
    options?.idempotencyKey,
    options?.tradingPin,
  );
  if (spec.method !== "get") for (const listener of changeListeners) listener(spec.tag);
  if (!spec.response) return undefined as EndpointResponse<Spec>;
  return (await parse(response, spec.response)) as EndpointResponse<Spec>;
}

/** A file an endpoint answered (a statement): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name a `Content-Disposition: attachment; filename="..."` header gives, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? "")?.[1];
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/**
 * Calls a declared endpoint that answers a file rather than JSON (a statement): the same path,
 * query, body and session as `call`, its refusals thrown as `ApiError`s with their codes. A file
 * is made on request, so it is given as long as an upload rather than a read's 10 seconds.
 */
export async function download<Spec extends EndpointSpec>(
  spec: Spec,
  input: CallInput<Spec>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const given = input as { params?: Record<string, string>; query?: unknown; body?: unknown };
  const path = `${pathOf(spec, given.params)}${queryString(given.query)}`;
  const body: Body = spec.method === "get" ? undefined : { json: given.body };
  const response = await send(spec.method.toUpperCase(), path, body, undefined, undefined, uploadTimeoutMs);
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName) };
}

/** Hands a downloaded file to the browser to save under its name. */
export function saveFile(file: DownloadedFile): void {
  const address = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = address;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address can go after it.
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

/**
 * The address of a declared endpoint, for what the browser fetches itself (an `<img src>` of an
 * upload, which the session cookie opens): the same path `call` would request.
 */
export function addressOf(spec: EndpointSpec, params: Record<string, string>): string {
  return `${apiBase}${pathOf(spec, params)}`;
}

/** `?status=pending&page=2`: the query's defined values, in their order; empty without any. */
export function queryString(query: unknown): string {
  if (query === undefined || query === null) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}
