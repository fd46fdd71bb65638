import { describe, expect, it } from "vitest";
import { queueCountText } from "./queue-count.ts";

describe("a queue count never claims more certainty than one page gives", () => {
  it("shows the count of a partial page as it is", () => {
    expect(queueCountText(0, 100, "ja")).toBe("0");
    expect(queueCountText(7, 100, "en")).toBe("7");
    expect(queueCountText(99, 100, "zh-Hant")).toBe("99");
  });

  it("marks a full page as a lower bound", () => {
    expect(queueCountText(100, 100, "en")).toBe("100+");
    expect(queueCountText(1000, 1000, "en")).toBe("1,000+");
  });
});
