import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpeg, png, webp } from "../identity/identity-fixtures.ts";
import { endsWhereFormatEnds, jpegEnd, pngEnd, sniffImageFormat, webpEnd } from "./image-format.ts";

const script = Buffer.from("<script>alert(document.cookie)</script>");
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts);

describe("sniffing an image's format from its bytes", () => {
  it("recognises JPEG, PNG and WebP by their magic numbers", async () => {
    expect(sniffImageFormat(await jpeg())).toBe("jpeg");
    expect(sniffImageFormat(await png())).toBe("png");
    expect(sniffImageFormat(await webp())).toBe("webp");
  });

  it("knows nothing else, whatever the name would say", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    for (const bytes of [
      Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
      Buffer.from("<!doctype html><html><script>alert(1)</script></html>"),
      gif,
      Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]), // HEIC ftyp
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ]) {
      expect(sniffImageFormat(bytes)).toBeUndefined();
    }
  });
});

describe("a file ends where its image ends", () => {
  it("holds for clean files of every format, baseline and progressive", async () => {
    const progressive = await sharp(await jpeg({ width: 300, height: 200 }))
      .jpeg({ progressive: true })
      .toBuffer();
    for (const [bytes, format] of [
      [await jpeg(), "jpeg"],
      [progressive, "jpeg"],
      [await png(), "png"],
      [await webp(), "webp"],
    ] as const) {
      expect(endsWhereFormatEnds(bytes, format)).toBe(true);
    }
  });

  it("fails when a script rides after the image (a polyglot)", async () => {
    expect(endsWhereFormatEnds(concat(await jpeg(), script), "jpeg")).toBe(false);
    expect(endsWhereFormatEnds(concat(await png(), script), "png")).toBe(false);
    expect(endsWhereFormatEnds(concat(await webp(), script), "webp")).toBe(false);
  });

  it("fails when a script is disguised to end like a JPEG", async () => {
    const disguised = concat(await jpeg(), script, Buffer.from([0xff, 0xd9]));
    expect(endsWhereFormatEnds(disguised, "jpeg")).toBe(false);
  });

  it("allows further complete JPEG images after the first (multi-picture files from phone cameras)", async () => {
    const primary = await jpeg();
    const gainMap = await jpeg({ width: 16, height: 10 });
    expect(endsWhereFormatEnds(concat(primary, gainMap), "jpeg")).toBe(true);
    expect(endsWhereFormatEnds(concat(primary, gainMap, script), "jpeg")).toBe(false);
  });

  it("fails for truncated files", async () => {
    const image = await jpeg();
    expect(jpegEnd(image.subarray(0, image.length - 2), 0)).toBeUndefined();
    const picture = await png();
    expect(pngEnd(picture.subarray(0, picture.length - 4))).toBeUndefined();
    const still = await webp();
    expect(webpEnd(still.subarray(0, still.length - 1))).toBeUndefined();
  });

  it("fails for a PNG whose first chunk is not IHDR or whose chunk overruns the file", async () => {
    const picture = Buffer.from(await png());
    const renamed = Buffer.from(picture);
    renamed.write("IHDX", 12, "latin1");
    expect(pngEnd(renamed)).toBeUndefined();
    const overrun = Buffer.from(picture);
    overrun.writeUInt32BE(0x7fff_0000, 8);
    expect(pngEnd(overrun)).toBeUndefined();
  });

  it("fails for a WebP whose RIFF size disagrees with the file", async () => {
    const still = Buffer.from(await webp());
    still.writeUInt32LE(still.readUInt32LE(4) + 40, 4);
    expect(endsWhereFormatEnds(concat(still, Buffer.alloc(40, 0x41)), "webp")).toBe(false);
  });
});
