import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

/** Errors with a code, as node's sockets and node-postgres make them. */
function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Drizzle's wrapping of a driver error: the driver's is the cause. */
const failedQuery = (cause: Error) => new Error("Failed query: select 1", { cause });

describe("isDatabaseUnavailable: a server away is the member's 503, anything else is not", () => {
  it.each([
    ["a refused connection", coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", coded("read ECONNRESET", "ECONNRESET")],
    ["a connection ended mid-query", new Error("Connection terminated unexpectedly")],
    ["a server shutting down", coded("terminating connection due to administrator command", "57P01")],
    ["a server starting up", coded("the database system is starting up", "57P03")],
    ["a connection exception", coded("connection failure", "08006")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
  ])("%s, wrapped by Drizzle", (_name, error) => {
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
  });

  it.each([
    ["a unique violation", coded("duplicate key value violates unique constraint", "23505")],
    ["a trigger's refusal", coded("journals are append-only", "P0001")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error at all", "ECONNREFUSED"],
  ])("%s", (_name, error) => {
    expect(isDatabaseUnavailable(typeof error === "string" ? error : failedQuery(error))).toBe(false);
  });
});
