import { socketProtocolVersion } from "@kabuto/shared/protocol/version";
import { describe, expect, it } from "vitest";
import { isOutdated, markOutdated, speaksOurProtocol } from "./protocol-version.ts";

describe("the client's answer to a gateway's protocol version", () => {
  it("goes on with a gateway that speaks this build's protocol", () => {
    expect(speaksOurProtocol({ protocol: socketProtocolVersion, epoch: "e" })).toBe(true);
    expect(speaksOurProtocol({ protocol: 3, epoch: "" }, 3)).toBe(true);
  });

  it("refuses a gateway on any other version, newer or older", () => {
    expect(speaksOurProtocol({ protocol: socketProtocolVersion + 1, epoch: "e" })).toBe(false);
    expect(speaksOurProtocol({ protocol: 2, epoch: "e" }, 3)).toBe(false);
    expect(speaksOurProtocol({ protocol: 4, epoch: "e" }, 3)).toBe(false);
  });

  it("stays outdated once told, until the page reloads", () => {
    expect(isOutdated()).toBe(false);
    markOutdated();
    expect(isOutdated()).toBe(true);
  });
});
