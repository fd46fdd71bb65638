/**
 * A courtesy check of a chosen photo before it is sent, so a member on a slow network learns at
 * once that a file will be refused. The server decides: it reads the type from the bytes,
 * re-encodes the image and holds it to its own size cap (the same 8 MiB today).
 */
export const photoBytesMax = 8 * 1024 * 1024;

/** What the server takes (it re-encodes each to JPEG); HEIC and GIF are not among them. */
const photoTypes = new Set(["image/jpeg", "image/png", "image/webp"]);

/** The error code for a chosen file, or undefined when it may be sent. */
export function photoProblem(file: Pick<Blob, "size" | "type"> | undefined): string | undefined {
  if (!file) return "UPLOAD_REQUIRED";
  // Some phones give no type for a fresh camera shot; the server looks at the bytes anyway.
  if (file.type !== "" && !photoTypes.has(file.type)) return "UPLOAD_TYPE_INVALID";
  if (file.size === 0) return "UPLOAD_FAILED";
  if (file.size > photoBytesMax) return "UPLOAD_TOO_LARGE";
  return undefined;
}

/** Tells one chosen file from another for an idempotency fingerprint, without reading its bytes. */
export function photoPrint(file: File | undefined): string {
  return file ? `${file.name}:${file.size}:${file.lastModified}` : "";
}
