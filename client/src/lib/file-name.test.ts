import { describe, expect, it } from "vitest";
import { fileNameOf } from "./api.ts";

describe("a downloaded file's name", () => {
  it("is the one the server's Content-Disposition gives, never a path", () => {
    expect(fileNameOf('attachment; filename="kabuto-statement-2027-03.pdf"', "2027-03.pdf")).toBe(
      "kabuto-statement-2027-03.pdf",
    );
    expect(fileNameOf(null, "2027-03.pdf")).toBe("2027-03.pdf");
    expect(fileNameOf("attachment", "2027.csv")).toBe("2027.csv");
    expect(fileNameOf('attachment; filename="../../x.pdf"', "2027.csv")).toBe("2027.csv");
    expect(fileNameOf('attachment; filename="a\\\\b.pdf"', "2027.csv")).toBe("2027.csv");
  });
});
