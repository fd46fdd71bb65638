// Set by vite.config.ts's `define` at build time.
/** The client's package version. */
declare const __KABUTO_VERSION__: string;
/** The git commit the client was built from ("dev" in the dev server, "unknown" outside git). */
declare const __KABUTO_COMMIT__: string;
/** When the client was built, epoch ms. */
declare const __KABUTO_BUILT_AT_MS__: number;
