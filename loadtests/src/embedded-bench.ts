// Figures for the embedded product: first and warm start-up time, the quote messages per
// second its gateway sends, and the client's initial JavaScript, gzipped. Prints; asserts nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Update } from "@kabuto/shared/protocol/socket";
import { io } from "socket.io-client";
import { initialJsGzipBytes } from "./client-size.ts";
import { startEmbedded, stopEmbedded } from "./embedded-server.ts";

const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
/** How long quote traffic is counted. */
const measureMs = 20_000;

async function quoteRate(): Promise<{ messagesPerSecond: number; framesPerSecond: number; topics: number }> {
  const topics: string[] = [];
  for (const market of ["JP", "US"]) {
    const list = (await (await fetch(`${base}/api/v1/instruments?market=${market}`)).json()) as {
      items: { symbol: string }[];
    };
    topics.push(...list.items.map((item) => `quote:${item.symbol}`));
  }
  // A socket holds at most 200 topics, so the universe is spread over several.
  const groups: string[][] = [];
  for (let index = 0; index < topics.length; index += 200) groups.push(topics.slice(index, index + 200));
  let messages = 0;
  let frames = 0;
  const sockets = await Promise.all(
    groups.map(async (group) => {
      const socket = io(base, { transports: ["websocket"] });
      socket.on("updates", (updates: Update[]) => {
        frames += 1;
        messages += updates.length;
      });
      await socket.timeout(10_000).emitWithAck("subscribe", { topics: group });
      return socket;
    }),
  );
  messages = 0;
  frames = 0;
  await new Promise((resolve) => setTimeout(resolve, measureMs));
  for (const socket of sockets) socket.disconnect();
  return {
    messagesPerSecond: (messages * 1000) / measureMs,
    framesPerSecond: (frames * 1000) / measureMs,
    topics: topics.length,
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "kabuto-bench-"));
try {
  const first = startEmbedded(port, dataDir);
  const firstMs = await first.ready;
  const rate = await quoteRate();
  await stopEmbedded(first.child);
  const warm = startEmbedded(port, dataDir);
  const warmMs = await warm.ready;
  await stopEmbedded(warm.child);
  const js = initialJsGzipBytes();
  console.log("\nEmbedded product (MARKET_HOURS=always, this machine)");
  console.log(
    `  first start to healthy      ${(firstMs / 1000).toFixed(1)} s (history back-fill continues in the background)`,
  );
  console.log(`  warm start to healthy       ${(warmMs / 1000).toFixed(1)} s`);
  console.log(
    `  quote messages sent         ${rate.messagesPerSecond.toFixed(0)} /s over ${rate.topics} quote topics (${rate.framesPerSecond.toFixed(0)} frames/s)`,
  );
  console.log(
    `  client initial JS, gzipped  ${js === undefined ? "not built" : `${(js / 1024).toFixed(1)} KiB`}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
