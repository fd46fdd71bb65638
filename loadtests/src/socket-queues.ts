// Where delayed updates wait: bytes queued in the kernel's TCP buffers (from `ss`) and in
// Redis's output buffers (from CLIENT LIST). A server that keeps up but whose clients do not
// shows a large outbound queue; one that cannot read its bus fast enough, a large inbound one.
// Data still in these queues can no longer be conflated. Linux only (`ss` from iproute2).
import { execFileSync } from "node:child_process";
import type { Redis } from "ioredis";

interface SocketLine {
  recvQ: number;
  sendQ: number;
  localPort: number;
  pid: number | undefined;
}

/** Established TCP sockets matching an `ss` filter; `withProcess` (slow: it walks /proc) adds the owner's pid. */
function established(filter: string, withProcess = false): SocketLine[] {
  let output: string;
  try {
    output = execFileSync("ss", [withProcess ? "-tnpH" : "-tnH", "state", "established", filter], {
      encoding: "utf8",
      maxBuffer: 64 * 2 ** 20,
    });
  } catch {
    return [];
  }
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [recvQ, sendQ, local] = line.trim().split(/\s+/);
      return {
        recvQ: Number(recvQ),
        sendQ: Number(sendQ),
        localPort: Number(local?.slice(local.lastIndexOf(":") + 1)),
        pid: Number(/pid=(\d+)/.exec(line)?.[1]) || undefined,
      };
    });
}

/** Bytes on their way from the server on `port` to its clients: its send queues plus their receive queues. */
export function outboundQueuedBytes(port: number): number {
  const server = established(`( sport = :${port} )`).reduce((sum, line) => sum + line.sendQ, 0);
  const clients = established(`( dport = :${port} )`).reduce((sum, line) => sum + line.recvQ, 0);
  return server + clients;
}

/** Bytes on their way from Redis to process `pid`: Redis's output buffers plus the process's receive queues. */
export async function inboundQueuedBytes(redis: Redis, redisPort: number, pid: number): Promise<number> {
  const lines = established(`( dport = :${redisPort} )`, true).filter((line) => line.pid === pid);
  const ports = new Set(lines.map((line) => line.localPort));
  const clientList = (await redis.client("LIST")) as string;
  let redisBuffered = 0;
  for (const entry of clientList.split("\n")) {
    const port = Number(/ addr=[^ ]*:(\d+) /.exec(` ${entry}`)?.[1]);
    if (ports.has(port)) redisBuffered += Number(/ omem=(\d+)/.exec(entry)?.[1] ?? 0);
  }
  return redisBuffered + lines.reduce((sum, line) => sum + line.recvQ, 0);
}
