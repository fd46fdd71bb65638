import { defineConfig } from "@lingui/conf";

// Source strings are English; ja is the default interface language (see src/i18n/locale.ts).
// The .po catalogs are committed and imported directly: @lingui/vite-plugin compiles them on
// the fly, so neither the build nor the typecheck needs `lingui compile` output.
export default defineConfig({
  sourceLocale: "en",
  locales: ["ja", "en", "zh-Hant"],
  catalogs: [{ path: "<rootDir>/src/locales/{locale}", include: ["<rootDir>/src"] }],
  format: "po",
});
