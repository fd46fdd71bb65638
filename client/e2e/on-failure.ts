/**
 * The browser lane's setup file: when a journey fails, every product it has open reports where
 * its page was, what the browser complained of and what the server said last (harness.ts's
 * `report`). A flake that happens once in CI can then be read from CI's output.
 */
import { beforeEach, onTestFailed } from "vitest";
import { openProducts } from "./harness.ts";

beforeEach(() => {
  onTestFailed(async ({ task }) => {
    for (const product of openProducts) await product.report(task.name);
  });
});
