import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { AggregatorRegistry, type Registry } from "prom-client";

/**
 * Several gateway processes behind one port (GATEWAY_PROCESSES), so one machine's cores all
 * carry sockets: one process writes every frame on one core, and past about 20,000 sockets ×
 * 10 topics a second that core is the limit while the others idle.
 *
 * node:cluster supervises: the primary starts the processes, starts another in place of one
 * that dies, stops them all on SIGTERM and answers for them at `/metrics`. It accepts no
 * connection itself: each process listens with SO_REUSEPORT (`reusePort`), so the kernel
 * hands every new connection straight to one of them, rather than cluster's default of the
 * primary accepting each and passing it on, which makes the primary one more hop at every
 * connect (50,000 sockets reconnecting after a restart all go through it).
 *
 * No sticky sessions are needed because every client speaks websocket only (platform.ts's
 * socketOptions, client/src/state/socket.ts): a socket is one TCP connection from handshake to
 * close, so whichever process took it serves it to the end. Long polling, were it allowed,
 * would spread one session's requests over the processes, which know nothing of each other's
 * sessions. Each process is a whole gateway on the bus: it subscribes to the topics its own
 * sockets hold, hears ended sessions and account events for its own sockets, whichever process
 * a member's sockets landed on.
 */

/** One process's figures, as prom-client hands them between processes. */
type MetricsJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;

/** What a gateway process and the primary tell each other over cluster's channel. */
type Message =
  | { type: "kabuto:listening"; port: number }
  | { type: "kabuto:metrics-request"; id: number }
  | { type: "kabuto:metrics"; id: number; text?: string; error?: string }
  | { type: "kabuto:metrics-json-request"; id: number }
  | { type: "kabuto:metrics-json"; id: number; metrics?: MetricsJson };

function isMessage(message: unknown): message is Message {
  return (
    typeof message === "object" &&
    message !== null &&
    String((message as { type?: unknown }).type).startsWith("kabuto:")
  );
}

/** A process that dies is replaced after this long, so one that cannot start does not spin a core. */
const restartDelayMs = 1_000;

/** How long `/metrics` waits for every process's figures before it answers with an error. */
const metricsTimeoutMs = 5_000;

/** Which gateway process this is (1 to GATEWAY_PROCESSES), in a process the primary started. */
export function gatewayProcessIndex(): number | undefined {
  return cluster.isWorker ? Number(process.env.GATEWAY_PROCESS) : undefined;
}

/**
 * The primary: starts `count` gateway processes on `port` and keeps them running until SIGTERM
 * or SIGINT, then stops them all (each closes its sockets) and exits. The first process binds
 * the port (0: any free one) and the others join it there, so a restarted one finds it too.
 * Resolves once all of them listen, with the port.
 */
export async function superviseGatewayProcesses(
  count: number,
  port: number,
  logger: Logger,
): Promise<number> {
  const listening = new Map<number, Worker>();
  let boundPort = port;
  let stopping = false;
  let nextRequest = 0;
  const pending = new Map<number, { responses: MetricsJson[]; left: number; done: () => void }>();

  /** Every listening process's figures, each series labelled with its process, in one answer. */
  async function metrics(): Promise<string> {
    const workers = [...listening.values()].filter((worker) => worker.isConnected());
    const id = nextRequest++;
    const responses: MetricsJson[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error("a gateway process did not answer for its metrics"));
      }, metricsTimeoutMs);
      const done = () => {
        clearTimeout(timer);
        pending.delete(id);
        resolve();
      };
      pending.set(id, { responses, left: workers.length, done });
      if (workers.length === 0) done();
      for (const worker of workers)
        worker.send({ type: "kabuto:metrics-json-request", id } satisfies Message);
    });
    return AggregatorRegistry.aggregate(responses).metrics();
  }

  function start(index: number): Promise<Worker> {
    const worker = cluster.fork({ PORT: String(boundPort), GATEWAY_PROCESS: String(index) });
    worker.on("message", (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.type === "kabuto:metrics-json") {
        const request = pending.get(message.id);
        if (!request) return;
        request.responses.push(message.metrics ?? []);
        request.left -= 1;
        if (request.left === 0) request.done();
      } else if (message.type === "kabuto:metrics-request") {
        metrics().then(
          (text) => worker.send({ type: "kabuto:metrics", id: message.id, text } satisfies Message),
          (error: unknown) =>
            worker.send({ type: "kabuto:metrics", id: message.id, error: String(error) } satisfies Message),
        );
      }
    });
    worker.once("exit", (code, signal) => {
      listening.delete(index);
      if (stopping) return;
      logger.error(
        { process: index, pid: worker.process.pid, code, signal },
        "a gateway process exited: starting another",
      );
      setTimeout(() => {
        if (!stopping) void start(index).catch(() => undefined);
      }, restartDelayMs);
    });
    return new Promise((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (!isMessage(message) || message.type !== "kabuto:listening") return;
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        boundPort = message.port;
        listening.set(index, worker);
        resolve(worker);
      };
      const onExit = () => reject(new Error(`gateway process ${index} exited before it listened`));
      worker.on("message", onMessage);
      worker.once("exit", onExit);
    });
  }

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping the gateway processes");
    const exits = Object.values(cluster.workers ?? {}).map((worker) =>
      worker && !worker.isDead()
        ? new Promise<void>((resolve) => {
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          })
        : undefined,
    );
    await Promise.all(exits);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  try {
    await start(1);
    await Promise.all(Array.from({ length: count - 1 }, (_, offset) => start(offset + 2)));
  } catch (error) {
    await stop("start failed");
    throw error;
  }
  return boundPort;
}

/** In a gateway process: tells the primary the port it listens on (the first one binds it). */
export function announceListening(port: number): void {
  process.send?.({ type: "kabuto:listening", port } satisfies Message);
}

/**
 * In a gateway process: answers the primary's requests for this process's figures, and gives
 * `/metrics` the figures of all the processes, so a scrape through the shared port reads the
 * whole gateway whichever process takes it.
 */
export function clusterMetrics(registry: Registry): () => Promise<string> {
  let nextRequest = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === "kabuto:metrics-json-request") {
      void registry
        .getMetricsAsJSON()
        .then((metrics) =>
          process.send?.({ type: "kabuto:metrics-json", id: message.id, metrics } satisfies Message),
        );
    } else if (message.type === "kabuto:metrics") {
      const request = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.text !== undefined) request?.resolve(message.text);
      else request?.reject(new Error(message.error ?? "no metrics"));
    }
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextRequest++;
      waiting.set(id, { resolve, reject });
      process.send?.({ type: "kabuto:metrics-request", id } satisfies Message);
    });
}
