import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstScreenPlugin } from "./build/first-screen-plugin.ts";
import { licencesPlugin } from "./build/licences-plugin.ts";
import { precompressPlugin } from "./build/precompress.ts";
import { manifest, manifestFiles, manifestLocales } from "./pwa-manifests.ts";

const server = "http://127.0.0.1:3000";
const clientDir = dirname(fileURLToPath(import.meta.url));
const version = (JSON.parse(readFileSync(join(clientDir, "package.json"), "utf8")) as { version: string })
  .version;

/** The commit the client is built from, for the about screen; "unknown" outside a git checkout. */
function buildCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short=10", "HEAD"], {
      cwd: clientDir,
      encoding: "utf8",
    }).trim();
  } catch {
    return "unknown";
  }
}

/** Writes the three language manifests next to index.html (see pwa-manifests.ts). */
function manifests(): Plugin {
  return {
    name: "kabuto-manifests",
    generateBundle() {
      for (const locale of manifestLocales) {
        this.emitFile({
          type: "asset",
          fileName: manifestFiles[locale],
          source: `${JSON.stringify(manifest(locale), null, 2)}\n`,
        });
      }
    },
  };
}

/** What nearly every screen runs, in one chunk (see `codeSplitting` below). */
const coreModules =
  /[\\/]client[\\/]src[\\/]((lib|state|offline)[\\/]|zod-config\.ts$)|[\\/]node_modules[\\/](@tanstack|zod|jotai|idb-keyval)[\\/]/;
/**
 * What main.tsx imports only once the first screen is on its way: the offline copy (which reads
 * the positions, quotes and candles schemas, and every store it restores) and the config title.
 * In the core chunk they were evaluated with it, before React's first render, and took their
 * imports with them: on Home, some 500 of the 900 zod schemas built before the first paint.
 */
const afterFirstPaint = /[\\/]client[\\/]src[\\/](offline[\\/]last-state|lib[\\/]config-title)\.ts$/;

export default defineConfig(({ command }) => ({
  // Relative asset paths: the built client works from any folder and inside a native wrapper.
  base: "./",
  plugins: [
    // @vitejs/plugin-react 6 has no babel option; Lingui's macros run in their own babel pass first.
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    react(),
    // A build fails on any message missing from any catalog, so every language stays complete.
    lingui({ failOnMissing: command === "build", failOnCompileError: true }),
    manifests(),
    // Workbox's service worker, generated at build time: a precache of the shell and every
    // static asset, versioned by each file's hash, so the app opens offline and an update is a
    // new precache that waits until the member reloads (src/pwa/register.ts asks them).
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      // Ours, in three languages (the plugin writes one).
      manifest: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,png,svg,webmanifest}"],
        // The app is hash-routed: every page load asks for the shell, from the precache offline.
        navigateFallback: "index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
        cleanupOutdatedCaches: true,
        // Web Push's handlers, handwritten (public/push-sw.js): generateSW takes none of its own,
        // and the precache stays exactly Workbox's.
        importScripts: ["push-sw.js"],
      },
    }),
    // The opening screen's chunks and the reader's catalog, asked for beside the entry.
    firstScreenPlugin({
      featuresDir: join(clientDir, "src/features"),
      catalogs: {
        jp: join(clientDir, "src/locales/ja.po"),
        en: join(clientDir, "src/locales/en.po"),
        tw: join(clientDir, "src/locales/zh-Hant.po"),
      },
    }),
    // The bundled packages' licences, for the about screen (build/licences-plugin.ts).
    licencesPlugin(),
    // Brotli and gzip beside every text file, once every plugin above has written its files.
    precompressPlugin(),
  ],
  define: {
    __KABUTO_VERSION__: JSON.stringify(version),
    __KABUTO_COMMIT__: JSON.stringify(command === "build" ? buildCommit() : "dev"),
    __KABUTO_BUILT_AT_MS__: JSON.stringify(Date.now()),
  },
  build: {
    outDir: "dist",
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What nearly every screen runs: the API client and its schemas, the answers cache,
              // the stores and the offline copy. Left to the bundler it came as twenty-odd chunks of
              // one or two KiB, each a request a phone queues behind six others; as one chunk it
              // loads with the entry in one go, and Home's first load fell from 35 script files to 15
              // with fewer bytes in all. Zod's set-up (src/zod-config.ts) goes with it, so that it
              // still runs before the chunk's own schemas are built.
              name: "core",
              test: (id) => coreModules.test(id) && !afterFirstPaint.test(id),
            },
          ],
        },
      },
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
