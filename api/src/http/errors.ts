import { isRedisUnavailable } from "@kabuto/bus";
import type { ErrorBody } from "@kabuto/shared/api/errors";
import type { ErrorCode } from "@kabuto/shared/errors";
import type { ErrorRequestHandler, Response } from "express";
import type { Logger } from "pino";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError } from "../errors.ts";

export function errorBody(code: ErrorCode, details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message: code, ...(details ? { details } : {}) } };
}

/**
 * PostgreSQL's refusals of text it cannot store or read: 22021 (a NUL byte or another byte
 * sequence not valid in UTF-8), 22P05 (a character with no UTF-8 form, as a lone surrogate
 * becomes) and 22P02 (text that is not valid input for its type, as a JSON document with a
 * lone surrogate escape). The shared schemas refuse such text first (`safeText`); this is the
 * net under them for a field one forgot, so bad text is the member's 400, never a 500.
 */
const badTextStates = new Set(["22021", "22P05", "22P02"]);

/** The SQLSTATE of a database refusal anywhere in the error's cause chain (Drizzle wraps the driver's). */
function databaseState(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ("code" in cause && typeof cause.code === "string" && /^[0-9A-Z]{5}$/.test(cause.code))
      return cause.code;
  }
  return undefined;
}

/**
 * When a member told UNAVAILABLE may try again. Redis comes back within a few seconds of a
 * restart or a fail-over, and the clients reconnect at once (ioredis waits at most 2 s between
 * attempts), so a few seconds is the soonest a retry is likely to find it back. PostgreSQL's
 * restart takes as long, and the pool opens a new connection for the very next query.
 */
export const unavailableRetryAfterSeconds = 5;

/** 503 UNAVAILABLE: a service the request needs is away for now; try again after the header's wait. */
function sendUnavailable(response: Response): void {
  response.set("Retry-After", String(unavailableRetryAfterSeconds));
  response.status(503).json(errorBody("UNAVAILABLE"));
}

/** Turns anything thrown into the contract's error body; unknown errors become INTERNAL without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _request, response, _next) => {
    if (error instanceof AppError) {
      if (error.code === "UNAVAILABLE") {
        sendUnavailable(response);
        return;
      }
      response.status(error.status).json(errorBody(error.code, error.details));
      return;
    }
    if (isRedisUnavailable(error)) {
      // A warning, not an error: health says so too, and the member is told to try again.
      logger.warn({ err: error }, "redis unavailable: answered 503");
      sendUnavailable(response);
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // As with Redis: the member is told to try again with the same key, and health says so.
      logger.warn({ err: error }, "database unavailable: answered 503");
      sendUnavailable(response);
      return;
    }
    const status = (error as { status?: unknown }).status;
    const type = (error as { type?: unknown }).type;
    if (error instanceof URIError && status === 400) {
      // Express decodes a route's parameters as it matches the path, and an escape that is not
      // UTF-8 (`%C0%80`, `%ED%A0%80`, a bare `%`) throws this before any route runs: the
      // caller's mistake, answered here once for every route, and not worth a line in the log.
      response.status(400).json(errorBody("PATH_INVALID"));
      return;
    }
    if (status === 400 && type === "entity.parse.failed") {
      response.status(400).json(errorBody("BAD_REQUEST"));
      return;
    }
    if (status === 413) {
      response.status(413).json(errorBody("BAD_REQUEST", { reason: "too large" }));
      return;
    }
    const state = databaseState(error);
    if (state !== undefined && badTextStates.has(state)) {
      // Worth a warning: a schema let through text the database refused, and should refuse it itself.
      logger.warn({ err: error }, "database refused text a schema let through");
      response.status(400).json(errorBody("INVALID_TEXT"));
      return;
    }
    logger.error({ err: error }, "unhandled error");
    response.status(500).json(errorBody("INTERNAL"));
  };
}
