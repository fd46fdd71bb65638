// `npm run bench`: every benchmark in turn; each prints its own figures. Arguments pick the
// benchmarks whose file names contain them: `npm run bench -- phone` runs only the phone load.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const benches = [
  "loadtests/src/embedded-bench.ts",
  "loadtests/src/orders-bench.ts",
  "loadtests/src/follow-bench.ts",
  "loadtests/src/stops-bench.ts",
  "loadtests/src/gateway-bench.ts",
  "loadtests/src/uploads-bench.ts",
  "loadtests/src/page-bench.ts",
  "loadtests/src/ipo-draw-bench.ts",
  "loadtests/src/proof-bench.ts",
  "loadtests/src/phone-bench.ts",
  "loadtests/src/confirm-bench.ts",
  "loadtests/src/soak-bench.ts",
];
/**
 * The soak runs 30 minutes on its own (`npm run bench:soak`); in the full list it runs this many,
 * enough to see each process's memory settle after its warm-up minute. SOAK_MINUTES overrides it.
 */
const soakMinutesInList = "3";
const wanted = process.argv.slice(2);
const chosen = benches.filter((bench) => wanted.length === 0 || wanted.some((word) => bench.includes(word)));
if (chosen.length === 0) {
  console.error(`no benchmark matches ${wanted.join(", ")}; there are:\n${benches.join("\n")}`);
  process.exit(1);
}
for (const bench of chosen) {
  const env = { ...process.env };
  if (bench.includes("soak")) {
    env.SOAK_MINUTES ??= soakMinutesInList;
    console.log(`\n=== ${bench} (SOAK_MINUTES=${env.SOAK_MINUTES}; \`npm run bench:soak\` runs 30)`);
  } else console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, [path.join(root, bench)], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
