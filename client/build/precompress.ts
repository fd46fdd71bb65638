/**
 * Brotli and gzip copies of every text file of the built client (`app.js.br`, `app.js.gz` beside
 * `app.js`), made once at build time at the highest levels, so the server only picks a file by
 * the request's `Accept-Encoding` (server/src/client.ts) and never compresses a static answer
 * per request. A phone on a slow network pays for bytes, and brotli at its highest level, too
 * slow to run per request, is a quarter smaller than gzip on our scripts.
 *
 * Our own step on Node's zlib rather than a compression plugin: the plugins compress in Vite's
 * own output hooks, before vite-plugin-pwa writes the service worker and Workbox's runtime in its
 * `closeBundle`, so those two would go out raw; this step runs after every other plugin's
 * `closeBundle` and sees every file the build wrote. Run on a folder, it compresses that folder
 * (`node client/build/precompress.ts <dir>`), which is how the server's tests make a build's files.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What compresses: text. Images and fonts in the build are already compressed formats (PNG,
 * WOFF2), where a second pass only adds a file that is no smaller.
 */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

export interface Precompressed {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` when compression makes the file smaller. */
export async function precompressFile(file: string): Promise<Precompressed | undefined> {
  const source = await readFile(file);
  const [brotliBytes, gzipBytes] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A file of a few bytes grows when compressed (the formats' own headers): it goes out as it is.
  if (gzipBytes.length >= source.length) return undefined;
  await Promise.all([writeFile(`${file}.br`, brotliBytes), writeFile(`${file}.gz`, gzipBytes)]);
  return { file, bytes: source.length, brotliBytes: brotliBytes.length, gzipBytes: gzipBytes.length };
}

/** Writes `.br` and `.gz` beside every text file under `dir` that compression makes smaller. */
export async function precompress(dir: string): Promise<Precompressed[]> {
  const files = await filesUnder(dir);
  const done = await Promise.all(files.map(precompressFile));
  return done.filter((item) => item !== undefined);
}

/** The build's last step: after every plugin (the service worker's included) has written its files. */
export function precompressPlugin(): Plugin {
  let outDir = "";
  return {
    name: "kabuto-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const done = await precompress(outDir);
        const sum = (pick: (item: Precompressed) => number) =>
          Math.round(done.reduce((total, item) => total + pick(item), 0) / 1024);
        this.info(
          `precompressed ${done.length} files: ${sum((item) => item.bytes)} KiB, brotli ${sum((item) => item.brotliBytes)} KiB, gzip ${sum((item) => item.gzipBytes)} KiB`,
        );
      },
    },
  };
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node client/build/precompress.ts <dir>");
  const done = await precompress(path.resolve(dir));
  console.log(`precompressed ${done.length} files under ${dir}`);
}
