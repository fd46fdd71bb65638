import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy for the fault suite (`*.fault.test.ts`): it stands between a product process and
 * PostgreSQL or Redis and breaks the way between them on command, as a network or a restarting
 * server would. Only tests use it.
 *
 * It is ours, on `node:net`, rather than Toxiproxy: Toxiproxy's server is a Go binary, which no
 * package registry this project installs from ships, and the npm TCP proxies (node-tcp-proxy,
 * tcp-proxy.js) only relay bytes, so their faults would have to be written here anyway.
 */
export interface FaultProxy {
  /** The port a process is given instead of the server's. */
  port: number;
  /**
   * Drops every open connection and refuses new ones (the port stops listening), as a server
   * that restarts does, until `restore`.
   */
  cut(): Promise<void>;
  /**
   * Keeps every connection open but passes nothing either way, and new connections open and hear
   * nothing, as a network that drops packets does (half-open), until `restore`.
   */
  blackhole(): void;
  /** Delays every chunk, both ways, by `ms` (order kept); 0 stops delaying. */
  latency(ms: number): void;
  /**
   * Resets (RST) the connection a chunk is on, instead of passing it, with this probability per
   * chunk sent to the server: 0.05 resets about one query in twenty. 0 stops resetting.
   */
  resets(probability: number): void;
  /** Ends every fault: passes bytes again, listening if `cut` stopped it. Open connections survive. */
  restore(): Promise<void>;
  /** How many connections the proxy has reset or dropped, to show a fault landed. */
  broken(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream?: Socket;
}

interface Direction {
  /** Chunks waiting for their time, oldest first. */
  queue: { atMs: number; chunk: Buffer }[];
  timer: NodeJS.Timeout | undefined;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** Starts a proxy to `target` on a free port of 127.0.0.1. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let latencyMs = 0;
  let resetProbability = 0;
  let swallowing = false;
  let brokenCount = 0;
  /** Each open connection, with its connection to the server (none for one opened into a blackhole). */
  const pairs = new Set<Pair>();

  const breakPair = (pair: Pair, how: "reset" | "drop") => {
    brokenCount += 1;
    pairs.delete(pair);
    for (const socket of [pair.client, pair.upstream]) {
      if (how === "reset") socket?.resetAndDestroy();
      else socket?.destroy();
    }
  };

  /** Writes `chunk` to `to` after the latency, never before a chunk that came earlier. */
  const forward = (direction: Direction, to: Socket, chunk: Buffer) => {
    if (latencyMs === 0 && direction.queue.length === 0) {
      to.write(chunk);
      return;
    }
    direction.queue.push({ atMs: Date.now() + latencyMs, chunk });
    const pump = () => {
      direction.timer = undefined;
      while (direction.queue[0] && direction.queue[0].atMs <= Date.now()) {
        const next = direction.queue.shift();
        if (next && !to.destroyed) to.write(next.chunk);
      }
      const head = direction.queue[0];
      if (head) direction.timer = setTimeout(pump, Math.max(0, head.atMs - Date.now()));
    };
    direction.timer ??= setTimeout(pump, Math.max(0, (direction.queue[0]?.atMs ?? 0) - Date.now()));
  };

  const server = createServer((client) => {
    client.on("error", () => undefined);
    if (swallowing) {
      // Heard and never answered; dropped when the fault ends, as a stale connection would be.
      const pair: Pair = { client };
      pairs.add(pair);
      client.on("close", () => pairs.delete(pair));
      client.resume();
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on("error", () => undefined);
    const pair: Pair = { client, upstream };
    pairs.add(pair);
    const toServer: Direction = { queue: [], timer: undefined };
    const toClient: Direction = { queue: [], timer: undefined };
    client.on("data", (chunk: Buffer) => {
      if (swallowing) return;
      if (resetProbability > 0 && Math.random() < resetProbability) {
        breakPair(pair, "reset");
        return;
      }
      forward(toServer, upstream, chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (swallowing) return;
      forward(toClient, client, chunk);
    });
    const end = () => {
      pairs.delete(pair);
      clearTimeout(toServer.timer);
      clearTimeout(toClient.timer);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
  });
  const port = await listen(server, 0);
  let listening = true;

  const dropAll = () => {
    for (const pair of [...pairs]) breakPair(pair, "drop");
  };

  return {
    port,
    async cut() {
      if (listening) {
        listening = false;
        // close() waits for open connections to end, so it resolves once dropAll has run.
        const closed = new Promise((resolve) => server.close(resolve));
        dropAll();
        await closed;
      } else {
        dropAll();
      }
    },
    blackhole() {
      swallowing = true;
    },
    latency(ms) {
      latencyMs = ms;
    },
    resets(probability) {
      resetProbability = probability;
    },
    async restore() {
      latencyMs = 0;
      resetProbability = 0;
      if (swallowing) {
        swallowing = false;
        // A connection that stalled has lost bytes either way: no protocol can go on on it.
        dropAll();
      }
      if (!listening) {
        await listen(server, port);
        listening = true;
      }
    },
    broken: () => brokenCount,
    async close() {
      dropAll();
      if (listening) await new Promise((resolve) => server.close(resolve));
      listening = false;
    },
  };
}
