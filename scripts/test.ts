// `npm test`: lint and format check, type check, then the four test lanes (unit, integration,
// faults, browser), each timed. Integration tests use PostgreSQL and Redis when DATABASE_URL and
// REDIS_URL are set. Arguments go to every vitest lane (e.g. a file filter).
//
// Lanes that leave the cores idle run beside another: the checks (one core each) beside the unit
// lane, and the faults lane (mostly waiting on its proxies, under half a core) beside
// integration. The browser lane fills both cores and runs alone. Measured on two cores: faults
// and integration took 329 s one after the other and 172 s side by side (with integration's
// single import, vitest.config.ts); the whole run went from about 840 s to 555-585 s. The first lane of a group prints as it runs; the others' output is held
// and printed, whole, once the group is done, so no two lanes' lines interleave.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// A filter that matches nothing in one lane is not a failure of that lane.
const extra = process.argv.length > 2 ? ["--passWithNoTests", ...process.argv.slice(2)] : [];

interface Lane {
  name: string;
  command: string;
  args: string[];
}
const vitest = (project: string): Lane => ({
  name: project,
  command: "vitest",
  args: ["run", "--project", project, ...extra],
});
const groups: Lane[][] = [
  [
    vitest("unit"),
    { name: "lint", command: "biome", args: ["check", "."] },
    { name: "types", command: "tsc", args: ["-b"] },
    // The k6 scripts cannot run here (no k6 binary), but they are type-checked against @types/k6.
    { name: "k6 types", command: "tsc", args: ["-p", "loadtests/tsconfig.k6.json"] },
  ],
  [vitest("integration"), vitest("faults")],
  [vitest("browser")],
];

interface Finished {
  lane: Lane;
  status: number;
  seconds: number;
  held: Buffer[];
}

function run(lane: Lane, live: boolean): Promise<Finished> {
  const startedMs = performance.now();
  const held: Buffer[] = [];
  const child = spawn(path.join(root, "node_modules/.bin", lane.command), lane.args, {
    cwd: root,
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    // Held output is not a terminal: keep the colours a terminal would get.
    env: live || !process.stdout.isTTY ? process.env : { ...process.env, FORCE_COLOR: "1" },
  });
  child.stdout?.on("data", (chunk: Buffer) => held.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => held.push(chunk));
  return new Promise((done) => {
    child.on("close", (code, signal) =>
      done({
        lane,
        status: code ?? (signal ? 1 : 0),
        seconds: (performance.now() - startedMs) / 1000,
        held,
      }),
    );
  });
}

const times: string[] = [];
const startedMs = performance.now();
let failed = 0;
for (const group of groups) {
  const label = group.map((lane) => lane.name).join(" + ");
  console.log(`\n$ ${group.map((lane) => `${lane.command} ${lane.args.join(" ")}`).join("  &  ")}`);
  const finished = await Promise.all(group.map((lane, index) => run(lane, index === 0)));
  for (const { lane, held } of finished.slice(1)) {
    if (held.length === 0) continue;
    console.log(`\n--- ${lane.name} (ran beside ${group[0]?.name}) ---`);
    process.stdout.write(Buffer.concat(held));
  }
  for (const { lane, status, seconds } of finished) {
    times.push(
      `${lane.name.padEnd(12)} ${seconds.toFixed(1).padStart(6)} s${group.length > 1 ? `  (${label})` : ""}${status === 0 ? "" : "  FAILED"}`,
    );
    if (status !== 0) failed = status;
  }
  if (failed !== 0) break;
}
times.push(`${"in all".padEnd(12)} ${((performance.now() - startedMs) / 1000).toFixed(1).padStart(6)} s`);
console.log(`\nlane times\n${times.join("\n")}`);
process.exit(failed);
