import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadGatewayProcesses, loadPlatformConfig } from "./config.ts";

describe("the settings of each role", () => {
  it("gives the gateway role the origins the API's CSRF check allows, and stops on a bad one", () => {
    const env = { ALLOWED_ORIGINS: "https://app.example.jp, https://other.example.jp" };
    expect(loadPlatformConfig(["gateway"], env).gateway?.allowedOrigins).toEqual([
      "https://app.example.jp",
      "https://other.example.jp",
    ]);
    expect(loadPlatformConfig(["gateway"], {}).gateway?.allowedOrigins).toEqual([]);
    expect(() => loadPlatformConfig(["gateway"], { ALLOWED_ORIGINS: "app.example.jp" })).toThrow(
      /ALLOWED_ORIGINS/,
    );
    // A role that opens no socket does not read it.
    expect(loadPlatformConfig(["client"], { ALLOWED_ORIGINS: "app.example.jp" }).gateway).toBeUndefined();
  });

  it("runs one gateway process unless GATEWAY_PROCESSES asks for more, or one per core for auto", () => {
    expect(loadGatewayProcesses({})).toBe(1);
    expect(loadGatewayProcesses({ GATEWAY_PROCESSES: "4" })).toBe(4);
    expect(loadGatewayProcesses({ GATEWAY_PROCESSES: "auto" })).toBe(availableParallelism());
    expect(() => loadGatewayProcesses({ GATEWAY_PROCESSES: "0" })).toThrow(/GATEWAY_PROCESSES/);
  });
});
