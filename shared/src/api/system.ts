import { z } from "zod";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  bus: z.enum(["up", "down"]),
  feedEpoch: z.string().nullable(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** The spec's config entries: a list of name and value; `title` becomes the page title. */
export const configEntrySchema = z.object({ name: z.string(), value: z.string() });
export const configListSchema = z.object({ items: z.array(configEntrySchema) });
export type ConfigEntry = z.infer<typeof configEntrySchema>;
