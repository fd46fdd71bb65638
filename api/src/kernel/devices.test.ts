import { describe, expect, it } from "vitest";
import { DeviceTokens } from "./devices.ts";

const devices = new DeviceTokens("a-test-secret-of-at-least-32-characters");
const owner = { kind: "member", account: "08012345678" } as const;

describe("device tokens", () => {
  it("vouch for the account they were issued for, each with a nonce of its own", () => {
    const first = devices.issue(owner);
    const second = devices.issue(owner);
    expect(first).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(devices.nonceOf(first, owner)).toBe(first.split(".")[0]);
    expect(devices.nonceOf(second, owner)).not.toBe(devices.nonceOf(first, owner));
  });

  it("vouch for nobody else: another account, a staff login of the same name, another server's key", () => {
    const token = devices.issue(owner);
    expect(devices.nonceOf(token, { kind: "member", account: "08012345679" })).toBeUndefined();
    expect(devices.nonceOf(token, { kind: "staff", login: owner.account })).toBeUndefined();
    expect(
      new DeviceTokens("another-secret-of-at-least-32-characters").nonceOf(token, owner),
    ).toBeUndefined();
  });

  it("refuse anything altered or malformed", () => {
    const token = devices.issue(owner);
    const [nonce = "", signature = ""] = token.split(".");
    const flipped = (text: string) => `${text.startsWith("A") ? "B" : "A"}${text.slice(1)}`;
    for (const bad of [
      `${flipped(nonce)}.${signature}`,
      `${nonce}.${flipped(signature)}`,
      `${nonce}.${signature}x`,
      `${nonce}${signature}`,
      `${token}\n`,
      "",
      undefined,
    ]) {
      expect(devices.nonceOf(bad, owner)).toBeUndefined();
    }
  });
});
