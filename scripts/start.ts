// `npm start`: builds the client when it is missing or older than its sources, then runs the
// whole product in one process (embedded mode) on PORT, default 3000.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "client/dist/index.html");

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sources = [
  "client/src",
  "client/public",
  "client/build",
  "client/index.html",
  "client/vite.config.ts",
  "client/lingui.config.ts",
  "client/pwa-manifests.ts",
  "shared/src",
].map((part) => path.join(root, part));
const sourcesMs = Math.max(
  ...sources.map((source) =>
    statSync(source).isDirectory() ? newestMtimeMs(source) : statSync(source).mtimeMs,
  ),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesMs) {
  console.log("Building the client…");
  const build = spawnSync("npm", ["run", "build", "-w", "client"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../server/src/bin/embedded.ts");
