// The live JavaScript memory of a Node process started with `--inspect=127.0.0.1:<port>`, read
// through the inspector protocol after a full garbage collection. RSS after a burst of
// allocations says little (V8 keeps freed pages, and a process that has already grown absorbs new
// objects without growing), so memory per socket is also measured as the change in this figure.
import WebSocket from "ws";

/** Lines the inspector writes to stderr, which the bench's output does not need. */
export const inspectorNoise = /^(Debugger listening on|For help, see|Debugger attached|Debugger ending)/;

/** V8 heap in use plus memory held outside it (Buffers, ArrayBuffers), after a full GC, in bytes. */
export async function liveHeapBytes(inspectPort: number): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${inspectPort}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 1;
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`inspector ${method} timed out`)), 30_000);
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
        if (message.id !== id) return;
        clearTimeout(timer);
        socket.off("message", onMessage);
        if (message.error) reject(new Error(`inspector ${method}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const result = (await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    return usage.heapUsed + usage.external;
  } finally {
    socket.close();
  }
}
