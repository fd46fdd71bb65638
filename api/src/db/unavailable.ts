/**
 * Whether `error`, or an error it was caused by (Drizzle wraps the driver's), says PostgreSQL
 * could not be reached or went away mid-request: a restart, a fail-over, a network cut. The
 * request did not finish; whatever it began was rolled back with its connection (or committed
 * whole, if only the answer was lost), so the member may send it again with the same key, and is
 * told 503 UNAVAILABLE rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = "code" in cause && typeof cause.code === "string" ? cause.code : undefined;
    if (code !== undefined && (socketCodes.has(code) || serverStates.has(code) || code.startsWith("08"))) {
      return true;
    }
    if (driverMessages.some((message) => cause.message.startsWith(message))) return true;
  }
  return false;
}

/** The socket's errors when the server's address refuses, resets or stops answering. */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going or not yet there: 57P01 admin_shutdown (a fast restart
 * ends every session), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or recovering)
 * and 53300 too_many_connections. Class 08 (connection exceptions) is matched by its prefix.
 */
const serverStates = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * node-postgres's own errors for a connection that broke or never opened; they carry no code.
 * (pg `lib/client.js` and pg-pool `index.js`.)
 */
const driverMessages = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
];
