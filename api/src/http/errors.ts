import type { ErrorBody, ErrorCode } from "@kabuto/shared";
import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { AppError } from "../errors.ts";

export function errorBody(code: ErrorCode, details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message: code, ...(details ? { details } : {}) } };
}

/** Turns anything thrown into the contract's error body; unknown errors become INTERNAL without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _request, response, _next) => {
    if (error instanceof AppError) {
      response.status(error.status).json(errorBody(error.code, error.details));
      return;
    }
    const status = (error as { status?: unknown }).status;
    const type = (error as { type?: unknown }).type;
    if (status === 400 && type === "entity.parse.failed") {
      response.status(400).json(errorBody("BAD_REQUEST"));
      return;
    }
    if (status === 413) {
      response.status(413).json(errorBody("BAD_REQUEST", { reason: "too large" }));
      return;
    }
    logger.error({ err: error }, "unhandled error");
    response.status(500).json(errorBody("INTERNAL"));
  };
}
