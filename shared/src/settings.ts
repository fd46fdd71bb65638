import type { z } from "zod";

/**
 * Parses a package's settings from the environment once, at start. A bad value throws naming
 * every setting that is wrong, so a process stops with a clear message instead of half-starting.
 */
export function parseSettings<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined>,
): z.infer<Schema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  return parsed.data;
}
