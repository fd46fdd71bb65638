import { defineConfig } from "vitest/config";

// Two projects: fast tests beside the code, and browser tests that drive the built client in
// Chromium against a real server. `npm test` runs both; each can be run alone with --project.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{shared,feed,gateway,api,client,loadtests}/src/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["client/e2e/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
