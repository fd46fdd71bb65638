// The client's initial JavaScript: the scripts index.html loads and preloads, gzipped.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../..");

/** Bytes, or undefined while client/dist is not built. */
export function initialJsGzipBytes(): number | undefined {
  const dist = path.join(root, "client/dist");
  const index = path.join(dist, "index.html");
  if (!existsSync(index)) return undefined;
  const html = readFileSync(index, "utf8");
  const scripts = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  return scripts.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length, 0);
}
