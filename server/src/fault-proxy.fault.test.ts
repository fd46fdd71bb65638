import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FaultProxy, startFaultProxy } from "./fault-proxy.ts";

/**
 * The fault suite's proxy does what each case relies on, shown against an echo server: it passes
 * bytes both ways until told otherwise, delays them, resets, cuts (refusing new connections until
 * restored, on the same port) and blackholes (connections open and hear nothing).
 */
let echo: Server;
let proxy: FaultProxy;

/** How long a blackholed connection is watched for an answer that must not come. */
const silenceMs = 300;

beforeAll(async () => {
  echo = createServer((socket) => {
    socket.on("error", () => undefined);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  proxy = await startFaultProxy({ host: "127.0.0.1", port: (echo.address() as { port: number }).port });
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => echo?.close(resolve));
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxy.port, "127.0.0.1");
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Sends `text` and resolves with what comes back first, or with how the connection ended. */
function roundTrip(socket: Socket, text: string, waitMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const timer = waitMs === undefined ? undefined : setTimeout(() => resolve("silence"), waitMs);
    socket.once("data", (chunk) => {
      clearTimeout(timer);
      resolve(chunk.toString());
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code ?? "error");
    });
    socket.once("close", () => {
      clearTimeout(timer);
      resolve("closed");
    });
    socket.write(text);
  });
}

describe("the fault proxy", () => {
  it("passes bytes both ways", async () => {
    const socket = await open();
    expect(await roundTrip(socket, "hello")).toBe("hello");
    socket.destroy();
  });

  it("delays each chunk each way by the latency", async () => {
    proxy.latency(150);
    const socket = await open();
    const startedMs = performance.now();
    expect(await roundTrip(socket, "slow")).toBe("slow");
    expect(performance.now() - startedMs).toBeGreaterThanOrEqual(290);
    await proxy.restore();
    socket.destroy();
  });

  it("resets a connection instead of passing a chunk", async () => {
    const before = proxy.broken();
    proxy.resets(1);
    const socket = await open();
    expect(["ECONNRESET", "closed"]).toContain(await roundTrip(socket, "reset me"));
    expect(proxy.broken()).toBe(before + 1);
    await proxy.restore();
  });

  it("cuts: drops open connections and refuses new ones until restored, on the same port", async () => {
    const socket = await open();
    const ended = new Promise((resolve) => socket.once("close", resolve));
    await proxy.cut();
    await ended;
    await expect(open()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await proxy.restore();
    const again = await open();
    expect(await roundTrip(again, "back")).toBe("back");
    again.destroy();
  });

  it("blackholes: connections open and hear nothing, and are dropped when it ends", async () => {
    const held = await open();
    proxy.blackhole();
    expect(await roundTrip(held, "anyone?", silenceMs)).toBe("silence");
    const fresh = await open();
    expect(await roundTrip(fresh, "anyone?", silenceMs)).toBe("silence");
    const dropped = Promise.all(
      [held, fresh].map((socket) => new Promise((resolve) => socket.once("close", resolve))),
    );
    await proxy.restore();
    await dropped;
    const after = await open();
    expect(await roundTrip(after, "back")).toBe("back");
    after.destroy();
  });
});
