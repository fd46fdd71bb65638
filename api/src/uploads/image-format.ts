/**
 * Recognising an uploaded image from its bytes alone: the name and the declared type are the
 * sender's word, the bytes are the evidence. Pure functions, no I/O.
 */

/** The formats members may upload: what phone cameras and screenshots produce and sharp decodes here. */
export type ImageFormat = "jpeg" | "png" | "webp";

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function uint16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function uint32be(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) |
      ((bytes[at + 1] ?? 0) << 16) |
      ((bytes[at + 2] ?? 0) << 8) |
      (bytes[at + 3] ?? 0)) >>>
    0
  );
}

function uint32le(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at + 3] ?? 0) << 24) |
      ((bytes[at + 2] ?? 0) << 16) |
      ((bytes[at + 1] ?? 0) << 8) |
      (bytes[at] ?? 0)) >>>
    0
  );
}

/** The format the magic number names, or undefined for anything else (PDF, HTML, GIF, HEIC...). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, pngSignature)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  return undefined;
}

/**
 * True when the file ends exactly where its format says the image ends, so nothing (a script,
 * an archive, an HTML page) rides along after the picture.
 */
export function endsWhereFormatEnds(bytes: Uint8Array, format: ImageFormat): boolean {
  switch (format) {
    case "jpeg":
      return jpegStreamsFillFile(bytes);
    case "png":
      return pngEnd(bytes) === bytes.length;
    case "webp":
      return webpEnd(bytes) === bytes.length;
  }
}

/**
 * A JPEG file is one image from SOI to EOI. Phone cameras may append further complete JPEG
 * images after it (the Multi-Picture Format's gain maps and depth maps), so the file may hold
 * several streams back to back, but nothing else.
 */
function jpegStreamsFillFile(bytes: Uint8Array): boolean {
  let end = jpegEnd(bytes, 0);
  while (end !== undefined && end < bytes.length) end = jpegEnd(bytes, end);
  return end === bytes.length;
}

/** The offset just past the EOI marker of the JPEG stream starting at `start`, or undefined if it is malformed. */
export function jpegEnd(bytes: Uint8Array, start: number): number | undefined {
  if (bytes[start] !== 0xff || bytes[start + 1] !== 0xd8) return undefined;
  let at = start + 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at] === 0xff) at += 1;
    const marker = bytes[at];
    if (marker === undefined || marker === 0x00) return undefined;
    at += 1;
    if (marker === 0xd9) return at;
    // TEM and the restart markers stand alone, without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    const length = uint16be(bytes, at);
    if (at + 2 > bytes.length || length < 2 || at + length > bytes.length) return undefined;
    at += length;
    if (marker === 0xda) {
      const next = afterEntropyCodedData(bytes, at);
      if (next === undefined) return undefined;
      at = next;
    }
  }
  return undefined;
}

/** Skips a scan's entropy-coded data: stuffed 0xFF00 and restart markers belong to it, any other marker ends it. */
function afterEntropyCodedData(bytes: Uint8Array, from: number): number | undefined {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    const next = at < 0 ? undefined : bytes[at + 1];
    if (next === undefined) return undefined;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      at += 2;
    } else if (next === 0xff) {
      at += 1;
    } else {
      return at;
    }
  }
}

/** The offset just past the IEND chunk, or undefined if the chunks do not chain up to one. */
export function pngEnd(bytes: Uint8Array): number | undefined {
  if (!startsWith(bytes, pngSignature)) return undefined;
  let at: number = pngSignature.length;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = uint32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (length > 0x7fffffff || (first && type !== "IHDR")) return undefined;
    first = false;
    // Length, type, data, CRC.
    const next = at + 12 + length;
    if (next > bytes.length) return undefined;
    if (type === "IEND") return next;
    at = next;
  }
  return undefined;
}

/**
 * The offset where the RIFF container ends, or undefined if its chunks do not add up to the
 * size its header declares.
 */
export function webpEnd(bytes: Uint8Array): number | undefined {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return undefined;
  const end = 8 + uint32le(bytes, 4);
  if (end > bytes.length) return undefined;
  let at = 12;
  while (at + 8 <= end) {
    const size = uint32le(bytes, at + 4);
    // Chunks are padded to an even length.
    at += 8 + size + (size % 2);
  }
  return at === end ? end : undefined;
}
