import { z } from "zod";

/**
 * A product's part of the API's settings: its environment variables (a zod shape, each with its
 * default and why) and what they resolve to once the facts of the start are known (an embedded
 * demo's hours). `config.ts` parses every product's part with the kernel's, once, at start, so a
 * bad value stops the process naming every wrong setting.
 */
export interface Settings<Shape extends z.ZodRawShape, Resolved extends object> {
  shape: Shape;
  resolve(values: z.infer<z.ZodObject<Shape>>, start: StartFacts): Resolved;
}

/** What a product's settings may depend on: how this process was started. */
export interface StartFacts {
  /** No DATABASE_URL: the embedded PGlite demo. */
  embedded: boolean;
  /** MARKET_HOURS=always: every market open at every hour. */
  alwaysOpen: boolean;
  dataDir: string;
}

/** Declares a product's settings: its shape and, where a default depends on the start, how it resolves. */
export function settings<Shape extends z.ZodRawShape>(
  shape: Shape,
): Settings<Shape, z.infer<z.ZodObject<Shape>>>;
export function settings<Shape extends z.ZodRawShape, Resolved extends object>(
  shape: Shape,
  resolve: (values: z.infer<z.ZodObject<Shape>>, start: StartFacts) => Resolved,
): Settings<Shape, Resolved>;
export function settings<Shape extends z.ZodRawShape>(
  shape: Shape,
  resolve?: (values: z.infer<z.ZodObject<Shape>>, start: StartFacts) => object,
): Settings<Shape, object> {
  return { shape, resolve: resolve ?? ((values) => values) };
}

export const booleanFlag = z
  .enum(["0", "1", "true", "false"])
  .transform((value) => value === "1" || value === "true");

/** "1,2,3": whole leverages from 1 to 10. */
export const leverageList = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((value) => [...new Set(value.split(",").map(Number))].sort((a, b) => a - b))
  .refine((list) => list.every((leverage) => leverage >= 1 && leverage <= 10), "leverages are 1 to 10");
/** Parts per million of notional: 1,000 is 0.1%. */
export const ppm = z.coerce.number().int().min(0).max(100_000);

/** "HH:MM-HH:MM" in Tokyo time on TSE business days, or "always". */
export const hoursSetting = z.string().regex(/^(always|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d)$/);

/** Amounts per currency in major units: "JPY:1000,USD:10.5". */
export const amountsSetting = z.string().regex(/^[A-Z]{3}:\d+(\.\d+)?(,[A-Z]{3}:\d+(\.\d+)?)*$/);
