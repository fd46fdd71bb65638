import { defineConfig } from "vitest/config";

// Two projects: fast tests beside the code, and browser tests that drive the built client in
// Chromium against a real server. `npm test` runs both; each can be run alone with --project.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // Polls wait on real servers (sockets, Redis, PostgreSQL), which a loaded machine slows.
          expect: { poll: { timeout: 10_000 } },
          include: ["{shared,bus,feed,gateway,api,client,loadtests}/src/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["client/e2e/**/*.e2e.ts"],
          // A page waits on a server and a browser sharing two cores with the rest of the run.
          expect: { poll: { timeout: 15_000 } },
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
