import { describe, expect, it } from "vitest";
import { callerErrors, endpoint, pathOf, pathParameters } from "./endpoint.ts";

const part = endpoint({
  method: "post",
  path: "/things/{id}/parts/{part}",
  tag: "things",
  summary: "A part",
  caller: "member",
  idempotent: true,
});

describe("an endpoint's path", () => {
  it("puts each parameter in percent-encoded, so a value cannot reach another path", () => {
    expect(pathOf(part, { id: "a/b", part: "?x" })).toBe("/things/a%2Fb/parts/%3Fx");
    expect(pathParameters(part.path)).toEqual(["id", "part"]);
  });

  it("refuses to build a path with a parameter missing", () => {
    expect(() => pathOf(part, { id: "1" })).toThrow("{part}");
  });
});

describe("the refusals an endpoint's caller implies", () => {
  it("adds the sign-in and key refusals a member's keyed endpoint can answer", () => {
    expect(callerErrors(part)).toEqual([
      "UNAUTHENTICATED",
      "IDEMPOTENCY_KEY_INVALID",
      "IDEMPOTENCY_KEY_REUSED",
    ]);
  });

  it("adds the staff refusals to a staff endpoint and none to an open one", () => {
    expect(callerErrors({ ...part, caller: "reviewer", idempotent: false })).toEqual([
      "STAFF_UNAUTHENTICATED",
      "FORBIDDEN",
    ]);
    expect(callerErrors({ ...part, caller: "anyone", idempotent: false })).toEqual([]);
  });
});
