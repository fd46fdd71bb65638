// Starts the embedded product (`server/src/bin/embedded.ts`) for a benchmark: its own port and data
// folder, every market session open, no PostgreSQL or Redis from the caller's environment.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface EmbeddedServer {
  child: ChildProcess;
  base: string;
  /** Milliseconds from spawn to a healthy answer. */
  ready: Promise<number>;
  /**
   * Milliseconds from spawn to the feed's "history saved" (its back-fill written): until then the
   * server spends its CPU on the back-fill, which would slow whatever a bench measures. Needs
   * LOG_LEVEL at warn or lower (the default here).
   */
  historySaved: Promise<number>;
}

export function startEmbedded(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}): EmbeddedServer {
  const startedMs = performance.now();
  const base = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    MARKET_HOURS: "always",
    LOG_LEVEL: "warn",
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, [path.join(root, "server/src/bin/embedded.ts")], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The server's log goes on to ours as before; it is read only for the back-fill's end.
  const historySaved = new Promise<number>((resolve, reject) => {
    child.once("exit", (code) =>
      reject(new Error(`the server exited with ${code} before its history was saved`)),
    );
    let tail = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4096);
      if (tail.includes('"msg":"history saved"')) resolve(performance.now() - startedMs);
    });
    child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  });
  // A bench that does not wait for it must not fail when the server stops.
  historySaved.catch(() => undefined);
  const ready = (async () => {
    for (let attempt = 0; attempt < 1_200; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${base}/api/v1/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - startedMs;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the server did not become healthy in 120 s");
  })();
  return { child, base, ready, historySaved };
}

export async function stopEmbedded(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
