/**
 * A failed API call, apart from the client itself so that code which only reports errors does
 * not load the client and its schemas.
 */

/** Codes the client itself raises when no server answer could be read. */
export const clientErrorCodes = ["NETWORK_ERROR", "TIMEOUT", "BAD_RESPONSE"] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];

/**
 * A failed call: the server's error code (or a client code), the HTTP status (0 when no answer
 * came) and, for validation failures, the code of each field.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, fields: Record<string, string> = {}, options?: ErrorOptions) {
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
