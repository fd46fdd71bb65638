import { defineConfig } from "@lingui/conf";

// Source strings are English; ja is the default interface language (see src/i18n/locale.ts).
// The .po catalogs are committed and imported directly: @lingui/vite-plugin compiles them on
// the fly, so neither the build nor the typecheck needs `lingui compile` output.
export default defineConfig({
  sourceLocale: "en",
  locales: ["ja", "en", "zh-Hant"],
  // The operations console has a catalog of its own: members never download staff screens' text.
  catalogs: [
    // Each product's console screens sit in its own `ops/` folder, beside the console's kit.
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["<rootDir>/src/features/ops/**", "<rootDir>/src/features/*/ops/**"],
    },
    {
      path: "<rootDir>/src/locales/ops/{locale}",
      include: ["<rootDir>/src/features/ops/**", "<rootDir>/src/features/*/ops/**"],
    },
  ],
  format: "po",
});
