import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { canonicalJson, requestHash } from "./idempotency.ts";

/** What `requestHash` reads of a request: its method, path, body and uploaded files. */
function request(body: unknown, files?: Record<string, { fieldname: string; buffer: Buffer }[]>): Request {
  return { method: "POST", baseUrl: "/api/v1", path: "/deposits", body, files } as unknown as Request;
}

const receipt = (bytes: string) => ({ fieldname: "receipt", buffer: Buffer.from(bytes) });

describe("a request's fingerprint", () => {
  it("does not depend on the order of an object's keys, at any depth", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 3, e: 4 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { e: 4, f: 3 }] }, b: 1 }),
    );
    expect(requestHash(request({ amount: "10", channelId: "1" }))).toBe(
      requestHash(request({ channelId: "1", amount: "10" })),
    );
  });

  it("depends on the order of an array, and on every value", () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(requestHash(request({ amount: "10" }))).not.toBe(requestHash(request({ amount: "11" })));
  });

  it("covers the bytes of each uploaded file, by field", () => {
    const fields = { amount: "10" };
    const same = requestHash(request(fields, { receipt: [receipt("photo")] }));
    expect(requestHash(request(fields, { receipt: [receipt("photo")] }))).toBe(same);
    expect(requestHash(request(fields, { receipt: [receipt("other photo")] }))).not.toBe(same);
    expect(requestHash(request(fields))).not.toBe(same);
    const front = { fieldname: "front", buffer: Buffer.from("a") };
    const back = { fieldname: "back", buffer: Buffer.from("b") };
    expect(requestHash(request(fields, { front: [front], back: [back] }))).toBe(
      requestHash(request(fields, { back: [back], front: [front] })),
    );
    expect(
      requestHash(
        request(fields, {
          front: [{ ...front, fieldname: "back" }],
          back: [{ ...back, fieldname: "front" }],
        }),
      ),
    ).not.toBe(requestHash(request(fields, { front: [front], back: [back] })));
  });
});
