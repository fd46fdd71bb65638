// `npm run bench`: every benchmark in turn; each prints its own figures.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const benches = [
  "loadtests/src/embedded-bench.ts",
  "loadtests/src/orders-bench.ts",
  "loadtests/src/follow-bench.ts",
  "loadtests/src/gateway-bench.ts",
  "loadtests/src/uploads-bench.ts",
  "loadtests/src/page-bench.ts",
  "loadtests/src/ipo-draw-bench.ts",
];
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, [path.join(root, bench)], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
