/**
 * A failed API call, apart from the client itself so that code which only reports errors does
 * not load the client and its schemas.
 */

/** Codes the client itself raises when no server answer could be read. */
export const clientErrorCodes = ["NETWORK_ERROR", "TIMEOUT", "BAD_RESPONSE"] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];

/**
 * What a field is told: an error code, or a code with the bound its message names
 * (`{ code: "TOO_LONG", max: 40 }`), from the server's validation details or a client-side zod
 * check alike.
 */
export type FieldError = string | { readonly code: string; readonly max?: number; readonly min?: number };

/** The code of a field error, whichever form it takes. */
export function fieldErrorCode(error: FieldError): string {
  return typeof error === "string" ? error : error.code;
}

/**
 * A failed call: the server's error code (or a client code), the HTTP status (0 when no answer
 * came) and, for validation failures, each field's code and the bound its message names.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, FieldError>>;

  constructor(status: number, code: string, fields: Record<string, FieldError> = {}, options?: ErrorOptions) {
    super(code, options);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The code to show for anything thrown by a call. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : "INTERNAL";
}
