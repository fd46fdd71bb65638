import { getConfig } from "@lingui/conf";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const packages = "{shared,bus,feed,gateway,api,server,client,loadtests}";

// Four lanes. `unit`: pure code, no server, database or socket, seconds. `integration`
// (`*.int.test.ts`): real PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set, PGlite and
// the in-process bus otherwise. `faults` (`*.fault.test.ts`): a service-mode API process whose way
// to PostgreSQL and Redis a proxy breaks (always real servers: the local ones when unset).
// `browser`: the built client in Chromium against the embedded product. `npm test` runs the four
// (faults beside integration, see scripts/test.ts); each runs alone with --project.
/**
 * Starts a lane's longest files first, in the order given, then the rest as Vitest orders them
 * (by their last run's time where it has one, else by size). A clean clone has no last run, and by
 * size the longest files started near the end, so the lane waited on one or two of them after the
 * others were done. Measured on two cores; a file missing from the list only loses its head start.
 */
function longestFirst(files: readonly string[]) {
  const rank = new Map(files.map((file, index) => [file, index]));
  const rankOf = (spec: TestSpecification) =>
    rank.get(spec.moduleId.slice(import.meta.dirname.length + 1).replaceAll("\\", "/")) ?? files.length;
  return class extends BaseSequencer {
    override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(specs);
      return sorted
        .map((spec, index) => ({ spec, index }))
        .sort((a, b) => rankOf(a.spec) - rankOf(b.spec) || a.index - b.index)
        .map(({ spec }) => spec);
    }
  };
}

export default defineConfig({
  test: {
    // One sequencer sorts every lane's files (Vitest takes it from the root only).
    sequence: {
      sequencer: longestFirst([
        // integration
        "api/src/ipo/ipo-seed.int.test.ts",
        "server/src/follow-crash.int.test.ts",
        "api/src/follow/follow.int.test.ts",
        "server/src/bin/create-admin.int.test.ts",
        "server/src/stops-crash.int.test.ts",
        "server/src/crash.int.test.ts",
        "api/src/security/throttle.int.test.ts",
        "api/src/seed.int.test.ts",
        "api/src/trading/ledger.property.int.test.ts",
        // browser
        "client/e2e/ipo.e2e.ts",
        "client/e2e/spec-routes.e2e.ts",
        "client/e2e/rewards.e2e.ts",
        "client/e2e/money.e2e.ts",
        "client/e2e/trading.e2e.ts",
        "client/e2e/first-money.e2e.ts",
        "client/e2e/follow.e2e.ts",
        "client/e2e/stops.e2e.ts",
        "client/e2e/resilience.e2e.ts",
        "client/e2e/quotes.e2e.ts",
      ]),
    },
    projects: [
      {
        // The client's features declare their labels with Lingui's macros, compiled here as the build
        // compiles them; only feature declarations and the error messages need it, so other files skip the babel pass.
        plugins: [
          babel({
            plugins: [
              [
                "@lingui/babel-plugin-lingui-macro",
                { linguiConfig: getConfig({ configPath: "client/lingui.config.ts" }) },
              ],
            ],
            include: [
              /[\\/]client[\\/]src[\\/].*(\.feature|\.errors|\.journals|[\\/]own-codes|[\\/]code-words|[\\/]console|[\\/]ops-nav|[\\/]error-messages)\.ts$/,
            ],
          }),
        ],
        test: {
          name: "unit",
          include: [`${packages}/src/**/*.test.{ts,tsx}`, "client/build/**/*.test.ts"],
          exclude: ["**/*.int.test.{ts,tsx}", "**/*.fault.test.{ts,tsx}", "**/node_modules/**"],
          environment: "node",
          // The simulator's tests run hours of trading in seconds of CPU; on a busy machine (two
          // cores shared with a browser and the servers) they took 8-28 s. A timeout is no
          // measure of speed here, only a guard against a test that hangs.
          testTimeout: 60_000,
          // Pure code needs no fresh module graph per file: each worker imports shared, the feed's
          // universe and zod once, which was most of the lane's time (29 s to 8 s on two cores).
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          include: [`${packages}/src/**/*.int.test.{ts,tsx}`],
          // Most of a file's time is spent waiting on PostgreSQL and Redis, not on a core: four files
          // at once on two cores took the lane from 346 s to 212 s with every test passing.
          maxWorkers: 4,
          // Each worker imports the API's module graph once, not once per file: that import was
          // half the lane's CPU (222 s to 118 s on two cores, every test passing). Files share
          // nothing else: each opens its own database and key prefix, and none mocks a module,
          // stubs a global or sets process.env (a file that must would need a lane of its own).
          isolate: false,
          // Polls wait on real servers (sockets, Redis, PostgreSQL), which a loaded machine slows.
          expect: { poll: { timeout: 10_000 } },
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "faults",
          include: [`${packages}/src/**/*.fault.test.{ts,tsx}`],
          // A fault's answers come from a real API process on real servers, which a loaded machine slows.
          expect: { poll: { timeout: 20_000 } },
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts an API process of its own and breaks its way to PostgreSQL or Redis:
          // one at a time, so one file's fault never slows another's and the lane stays readable.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "browser",
          include: ["client/e2e/**/*.e2e.ts"],
          // Builds the client once, before the files start side by side.
          globalSetup: ["client/e2e/global-setup.ts"],
          // A failed journey prints where its page was and the server's last lines.
          setupFiles: ["client/e2e/on-failure.ts"],
          // A page waits on a server and a browser sharing two cores with the rest of the run.
          expect: { poll: { timeout: 15_000 } },
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own product and Chromium: two at a time fill two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
