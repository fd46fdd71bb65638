import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { databaseSettings, localRedisUrl, openTestDatabase, testRedisPrefix } from "@kabuto/api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * What a phone downloads: the build's files in brotli or gzip as its `Accept-Encoding` allows,
 * the API's long JSON answers compressed and its short ones not, and each answer cached as long
 * as its name allows. Both ways the client is served: by the API's own process (as embedded
 * mode does) and by the client role in front of an API process (service mode).
 */
const redisUrl = process.env.REDIS_URL ?? localRedisUrl;
const root = path.resolve(import.meta.dirname, "../..");
let api: Platform;
let client: Platform;
let dropDatabase: () => Promise<void>;
let dist = "";

/** A build's shape: a page, a hashed entry script and style sheet, the service worker, a manifest. */
const entry = "assets/index-B4xT9kQe.js";
const styles = "assets/index-C2mW8rLd.css";
const tiny = "assets/units-DIiPN4l5.js";
function writeBuild(dir: string): void {
  mkdirSync(path.join(dir, "assets"));
  const lines = (count: number, line: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => line(index)).join("\n");
  const files: Record<string, string> = {
    "index.html": `<!doctype html><html lang="ja"><head><meta charset="UTF-8" /><title>Kabuto</title>
<link rel="manifest" href="./manifest.webmanifest" />
<script type="module" crossorigin src="./${entry}"></script>
<link rel="stylesheet" crossorigin href="./${styles}">
</head><body><div id="root"></div>${lines(20, (index) => `<!-- ${index} -->`)}</body></html>\n`,
    [entry]: lines(
      2000,
      (index) => `export function quote${index}(price){return price*${index}+${index % 7};}`,
    ),
    [styles]: lines(400, (index) => `.row-${index}{padding:${index % 9}px;color:#1f4fd8;}`),
    [tiny]: "export const units = 100;\n",
    "sw.js": lines(200, (index) => `self.precache.push({url:"assets/chunk-${index}.js",revision:null});`),
    "manifest.webmanifest": `${JSON.stringify(
      {
        name: "Kabuto 株取引",
        short_name: "Kabuto",
        lang: "ja",
        start_url: "./",
        display: "standalone",
        icons: [192, 512].map((size) => ({ src: `icons/icon-${size}.png`, sizes: `${size}x${size}` })),
      },
      null,
      2,
    )}\n`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  // The build's own last step, on these files as on a real build's.
  const step = spawnSync(process.execPath, [path.join(root, "client/build/precompress.ts"), dir], {
    encoding: "utf8",
  });
  if (step.status !== 0) throw new Error(`precompress failed: ${step.stderr}`);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET: the bytes as they came over the wire, not decoded as fetch would. */
function fetchRaw(url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

function decoded(answer: Answer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  return answer.body;
}

const encodings = [
  { accept: "br, gzip", sent: "br" },
  { accept: "gzip, deflate", sent: "gzip" },
  { accept: undefined, sent: undefined },
] as const;

const yearImmutable = "public, max-age=31536000, immutable";
const staticFiles = [
  { url: "/", file: "index.html", type: "text/html", cache: "no-cache" },
  { url: `/${entry}`, file: entry, type: "text/javascript", cache: yearImmutable },
  { url: `/${styles}`, file: styles, type: "text/css", cache: yearImmutable },
  { url: "/sw.js", file: "sw.js", type: "text/javascript", cache: "no-cache" },
  {
    url: "/manifest.webmanifest",
    file: "manifest.webmanifest",
    type: "application/manifest+json",
    cache: "no-cache",
  },
];

describe("compressed and cached answers", () => {
  beforeAll(async () => {
    const opened = await openTestDatabase({ server: true });
    dropDatabase = opened.drop;
    dist = mkdtempSync(path.join(tmpdir(), "kabuto-compressed-"));
    writeBuild(dist);
    const shared = {
      PORT: "0",
      ...databaseSettings(opened),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: testRedisPrefix(),
      CLIENT_DIST: dist,
    };
    api = await startPlatform(testEnv(shared), ["api", "client"], 0);
    client = await startPlatform(testEnv({ ...shared, API_URL: api.url }), ["client"], 0);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await api?.close();
    await dropDatabase?.();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const servers = [
    ["the API's own process", () => api],
    ["the client role", () => client],
  ] as const;

  describe.each(servers)("from %s", (_name, server) => {
    it.each(staticFiles)("sends $file in the encoding asked for, cached as its name allows", async (item) => {
      const bytes = readFileSync(path.join(dist, item.file));
      for (const { accept, sent } of encodings) {
        const answer = await fetchRaw(`${server().url}${item.url}`, accept);
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"]).toBe(sent);
        expect(answer.headers["content-type"]).toContain(item.type);
        expect(answer.headers.vary).toContain("Accept-Encoding");
        expect(answer.headers["cache-control"]).toBe(item.cache);
        if (sent) expect(answer.body.length).toBeLessThan(bytes.length);
        expect(decoded(answer).equals(bytes)).toBe(true);
      }
    });

    it("sends a file too small to gain from compression as it is", async () => {
      const answer = await fetchRaw(`${server().url}/${tiny}`, "br, gzip");
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.equals(readFileSync(path.join(dist, tiny)))).toBe(true);
    });

    it("compresses a long JSON answer and leaves a short one as it is", async () => {
      const plain = await fetchRaw(`${server().url}/api/v1/instruments`);
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(10_000);
      for (const { accept, sent } of encodings.filter((item) => item.sent)) {
        const answer = await fetchRaw(`${server().url}/api/v1/instruments`, accept);
        expect(answer.headers["content-encoding"]).toBe(sent);
        expect(answer.headers["content-type"]).toContain("application/json");
        expect(answer.headers.vary).toContain("Accept-Encoding");
        expect(answer.headers["cache-control"]).toBe("no-store");
        expect(answer.body.length).toBeLessThan(plain.body.length / 3);
        expect(JSON.parse(decoded(answer).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
      }
      const short = await fetchRaw(`${server().url}/api/v1/health`, "br, gzip");
      expect(short.status).toBe(200);
      expect(short.body.length).toBeLessThan(1024);
      expect(short.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(short.body.toString("utf8"))).toMatchObject({ status: "ok" });
    });
  });
});
