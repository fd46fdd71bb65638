import { z } from "zod";

/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by
 * trying once. The page's CSP allows no eval, so the probe would fail (harmlessly) and report a
 * CSP violation on every load; jitless mode skips both. The bundle's parsing is forms and API
 * answers, where the interpreted path is fast enough. This module is main.tsx's first import,
 * so it runs before any schema is built: each object schema decides at construction.
 */
z.config({ jitless: true });
