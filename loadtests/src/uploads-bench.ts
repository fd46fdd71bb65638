// `npm run bench:uploads`: what identity photos cost the API. Members send real-name
// verification with two 12-megapixel phone photos (4032×3024 JPEG, a few MB each); the API
// checks their bytes, decodes, re-encodes without metadata and stores them. Prints photos per
// second, request latency and the server's memory; asserts nothing.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bearerTransport, sessionResponseSchema, sessionTransportHeader } from "@kabuto/shared/api/auth";
import { ensureDefined } from "@kabuto/shared/market/assert";
import sharp from "sharp";
import { startEmbedded, stopEmbedded } from "./embedded-server.ts";
import { createHistogram, quantileMs, recordMs } from "./histogram.ts";
import { cpuTimeMs, rssBytes } from "./proc-stats.ts";

/** Members who each send one verification (two photos). */
const members = Number(process.env.BENCH_MEMBERS ?? 24);
/** Verifications in flight at once: a busy morning, not a flood (the rate limits stop floods). */
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const port = 3990 + Math.floor(Math.random() * 9);

/** A camera-sized photo with enough texture that JPEG cannot make it trivially small. */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
      const noise = (state >> 16) & 15;
      const at = (y * width + x) * 3;
      pixels[at] = ((x >> 4) + noise) & 255;
      pixels[at + 1] = ((y >> 4) + noise) & 255;
      pixels[at + 2] = ((x + y) >> 5) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withMetadata({ exif: { IFD0: { Make: "Bench", Model: "Camera" } } })
    .toBuffer();
}

async function register(base: string, index: number): Promise<string> {
  const account = `070${String(40_000_000 + index).padStart(8, "0")}`;
  const response = await fetch(`${base}/api/v1/auth/register`, {
    method: "POST",
    // Bench members call with `Authorization: Bearer`, as a native wrapper does.
    headers: { "content-type": "application/json", [sessionTransportHeader]: bearerTransport },
    body: JSON.stringify({
      account,
      password: "bench1234",
      passwordConfirm: "bench1234",
      inviteCode: "KABUTO",
      acceptTerms: true,
    }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return ensureDefined(
    sessionResponseSchema.parse(await response.json()).token,
    "the bench member's bearer token",
  );
}

async function verify(base: string, token: string, front: Buffer, back: Buffer): Promise<number> {
  const form = new FormData();
  form.set("documentType", "driving_licence");
  form.set("name", "ベンチ 太郎");
  form.set("idNumber", "123456789012");
  form.set("front", new Blob([new Uint8Array(front)], { type: "image/jpeg" }), "front.jpg");
  form.set("back", new Blob([new Uint8Array(back)], { type: "image/jpeg" }), "back.jpg");
  const startedMs = performance.now();
  const response = await fetch(`${base}/api/v1/kyc`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`kyc: ${response.status} ${await response.text()}`);
  return performance.now() - startedMs;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "kabuto-uploads-bench-"));
// A month of history is enough here: a year's back-fill would still be landing in the
// background and take its share of the same two cores.
const server = startEmbedded(port, dataDir, {
  FEED_HISTORY_DAYS: "30",
  FEED_MINUTE_SESSIONS: "1",
  // Every bench member registers from this one address.
  REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
});
try {
  await server.ready;
  const pid = ensureDefined(server.child.pid, "the server's pid");
  const [front, back] = await Promise.all([cameraPhoto(1), cameraPhoto(2)]);
  const tokens: string[] = [];
  for (let index = 0; index < members; index += 1) tokens.push(await register(server.base, index));
  const rssBefore = rssBytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssBytes(pid));
  }, 50);
  const cpuBefore = cpuTimeMs(pid);
  const startedMs = performance.now();
  const latency = createHistogram();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const token = ensureDefined(tokens[next++], "a member's token");
        recordMs(latency, await verify(server.base, token, front, back));
      }
    }),
  );
  const elapsedMs = performance.now() - startedMs;
  const cpuMs = cpuTimeMs(pid) - cpuBefore;
  clearInterval(sampler);
  const photos = members * 2;
  console.log(`\nIdentity photos through POST /kyc (embedded, this machine, ${concurrency} at a time)`);
  console.log(
    `  photo                       4032×3024 JPEG, ${(front.length / 1024 / 1024).toFixed(1)} MB with EXIF`,
  );
  console.log(
    `  photos processed            ${((photos * 1000) / elapsedMs).toFixed(1)} /s (${photos} photos)`,
  );
  console.log(`  server CPU per photo        ${(cpuMs / photos).toFixed(0)} ms`);
  console.log(
    `  request latency (2 photos)  p50 ${quantileMs(latency, 0.5).toFixed(0)} ms, p99 ${quantileMs(latency, 0.99).toFixed(0)} ms`,
  );
  console.log(
    `  server RSS                  ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(rssPeak / 2 ** 20).toFixed(0)} MB at peak`,
  );
} finally {
  await stopEmbedded(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
