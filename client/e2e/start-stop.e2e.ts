/**
 * The README's `npm start`, run as a person runs it, then stopped the two ways a person stops it:
 * Ctrl-C in the terminal (SIGINT to the whole process group) and `kill` of npm's process
 * (SIGTERM to npm alone, which npm passes on to its script's shell: the script execs node, so the
 * signal reaches the product rather than dying with the shell). Either way nothing may be left running or
 * answering. The browser lane's global setup has built the client, so `npm start` starts at once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./harness.ts";

const rootDir = resolve(import.meta.dirname, "../..");

function healthy(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
    (response) => response.ok,
    () => false,
  );
}

/** Whether any process of the group still runs (signal 0 only asks). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

let started: { npm: ChildProcess; dataDir: string } | undefined;

async function npmStart(): Promise<{ npm: ChildProcess; port: number; log: string[] }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "kabuto-start-"));
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  // Its own process group, as a terminal gives a command, so Ctrl-C can be sent to the group.
  const npm = spawn("npm", ["start"], {
    cwd: rootDir,
    detached: true,
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FEED_HISTORY_DAYS: "30",
      FEED_MINUTE_SESSIONS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started = { npm, dataDir };
  const log: string[] = [];
  for (const stream of [npm.stdout, npm.stderr])
    stream?.on("data", (chunk: Buffer) => log.push(String(chunk)));
  await expect.poll(() => healthy(port), { timeout: 90_000, interval: 300 }).toBe(true);
  return { npm, port, log };
}

afterEach(() => {
  if (!started) return;
  const pgid = started.npm.pid;
  if (pgid !== undefined && groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
  rmSync(started.dataDir, { recursive: true, force: true });
  started = undefined;
});

describe("npm start", () => {
  it("stops everything on Ctrl-C, through the clean shutdown", async () => {
    const { npm, port, log } = await npmStart();
    const pgid = npm.pid as number;
    process.kill(-pgid, "SIGINT");
    await expect.poll(() => groupAlive(pgid), { timeout: 20_000, interval: 200 }).toBe(false);
    expect(await healthy(port)).toBe(false);
    expect(log.join("")).toContain('"signal":"SIGINT"');
  });

  it("stops everything when npm alone is killed", async () => {
    const { npm, port, log } = await npmStart();
    const pgid = npm.pid as number;
    process.kill(pgid, "SIGTERM");
    await expect.poll(() => groupAlive(pgid), { timeout: 20_000, interval: 200 }).toBe(false);
    expect(await healthy(port)).toBe(false);
    expect(log.join("")).toContain('"signal":"SIGTERM"');
  });
});
