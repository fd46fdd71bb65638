// The yardstick for the gateway benchmark: plain Socket.IO doing the least that delivers the
// same stream. One room per topic, one `emit` per update (Socket.IO encodes a room broadcast
// once for all its sockets), and the gateway's `subscribe` ack without snapshots. It listens to
// the bus's channels both ways the bus may publish them: a pattern subscription catches classic
// PUBLISH, and since sharded pub/sub (SPUBLISH) has no patterns, each topic's sharded channel is
// also subscribed the first time a socket joins it. Run as its own process:
// `node bare-socket-io.ts <port> <redis url> <key prefix>`.
import { createServer } from "node:http";
import type { ClientToServerEvents, ServerToClientEvents, Update } from "@kabuto/shared/protocol/socket";
import { subscribeRequestSchema } from "@kabuto/shared/protocol/socket";
import { Redis } from "ioredis";
import { Server } from "socket.io";

const [port, redisUrl, prefix] = process.argv.slice(2);
if (!port || !redisUrl || !prefix) throw new Error("usage: bare-socket-io.ts <port> <redis url> <prefix>");

const server = createServer((request, response) => {
  response.writeHead(request.url === "/health" ? 200 : 404).end();
});
// The same engine settings as the product's gateway (server/src/platform.ts), so only the relay differs.
const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
  path: "/socket.io",
  transports: ["websocket"],
  serveClient: false,
  pingInterval: 25_000,
  pingTimeout: 20_000,
  maxHttpBufferSize: 64 * 1024,
});

const subscriber = new Redis(redisUrl);
const shardedChannels = new Set<string>();

io.on("connection", (socket) => {
  socket.on("subscribe", async (request, ack) => {
    const parsed = subscribeRequestSchema.safeParse(request);
    const topics = parsed.success ? parsed.data.topics : [];
    socket.join(topics);
    const fresh = topics
      .map((topic) => `${prefix}topic:${topic}`)
      .filter((name) => !shardedChannels.has(name));
    for (const name of fresh) shardedChannels.add(name);
    await Promise.all(fresh.map((name) => subscriber.ssubscribe(name))).catch((error: unknown) =>
      console.error("ssubscribe failed", error),
    );
    if (typeof ack === "function") ack({ snapshots: [], errors: [] });
  });
  socket.on("unsubscribe", (request, ack) => {
    const parsed = subscribeRequestSchema.safeParse(request);
    for (const topic of parsed.success ? parsed.data.topics : []) socket.leave(topic);
    if (typeof ack === "function") ack({ ok: true });
  });
});

function relay(message: string): void {
  // One update per message today; a batch is accepted too, should the bus start sending them.
  const parsed = JSON.parse(message) as Update | Update[];
  for (const update of Array.isArray(parsed) ? parsed : [parsed])
    io.to(update.topic).emit("updates", [update]);
}
subscriber.on("pmessage", (_pattern: string, _channel: string, message: string) => relay(message));
subscriber.on("smessage", (_channel: string, message: string) => relay(message));
await subscriber.psubscribe(`${prefix}topic:*`);

server.listen(Number(port), "127.0.0.1", () => console.log("ready"));

// A clean exit on SIGTERM, so that `--cpu-prof` can write its profile.
process.on("SIGTERM", () => {
  subscriber.disconnect();
  io.disconnectSockets(true);
  io.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
});
