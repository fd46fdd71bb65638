import { type ErrorCode, errorCodes, errorStatus } from "./codes.ts";

/**
 * The closed list of error codes the servers send, each declared by the product it belongs to
 * (`api/<product>.codes.ts`, composed in `codes.ts`). The client translates each one; servers
 * never send user-facing prose. Adding a code means adding its status to its product's codes and
 * its message to the client's catalogs.
 */
export { type ErrorCode, errorCodes, errorStatus };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorStatus, value);
}

/** Socket-level refusals, given per topic in a subscribe ack. */
export const topicErrorCodes = ["TOPIC_INVALID", "SYMBOL_NOT_FOUND", "TOPICS_LIMIT", "FORBIDDEN"] as const;
export type TopicErrorCode = (typeof topicErrorCodes)[number];
