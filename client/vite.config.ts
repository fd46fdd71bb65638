import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const server = "http://127.0.0.1:3000";

export default defineConfig(({ command }) => ({
  // Relative asset paths: the built client works from any folder and inside a native wrapper.
  base: "./",
  plugins: [
    // @vitejs/plugin-react 6 has no babel option; Lingui's macros run in their own babel pass first.
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    react(),
    // A build fails on any message missing from any catalog, so every language stays complete.
    lingui({ failOnMissing: command === "build", failOnCompileError: true }),
  ],
  build: {
    outDir: "dist",
    target: "es2022",
    rolldownOptions: {
      treeshake: {
        // @kabuto/shared is pure code (docs/architecture.md), but its package.json does not say so, and its
        // barrel re-exports the market calendars with a holiday table the client never uses.
        // Declaring it side-effect free lets the bundler drop what no screen imports.
        moduleSideEffects: [
          { test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          { test: /@holiday-jp[\\/]|@date-fns[\\/]tz[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: {
      "/api": server,
      "/socket.io": { target: server, ws: true },
    },
  },
}));
