import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureBuilt, migratedDataTemplate } from "./harness.ts";

/**
 * Builds the client once for the browser lane, before its files start in parallel, and migrates
 * one empty embedded database that every product's first start copies (see `openProduct`).
 */
export function setup(project: TestProject): () => void {
  ensureBuilt();
  const template = migratedDataTemplate();
  project.provide("pgliteTemplate", template);
  return () => rmSync(template, { recursive: true, force: true });
}
