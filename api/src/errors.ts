import type { ErrorCode } from "@kabuto/shared/errors";
import { errorStatus } from "@kabuto/shared/errors";

/** The one error the API throws on purpose: a stable code the client translates. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(code, options);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
