import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appLocales } from "./locale.ts";

const locales = path.resolve(import.meta.dirname, "../locales");

/** Each entry of a .po catalog as "context\u0004id" → translation (single-line entries, as Lingui writes them). */
function entries(file: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const block of readFileSync(file, "utf8").split(/\n\n/)) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    if (!id) continue;
    const context = /^msgctxt "(.*)"$/m.exec(block)?.[1] ?? "";
    found.set(`${context}\u0004${id}`, /^msgstr "(.*)"$/m.exec(block)?.[1] ?? "");
  }
  return found;
}

describe("the console's catalog beside the members'", () => {
  // The console merges its catalog under the members' (src/i18n/i18n.ts): a message both hold
  // shows the members' translation, so the console must give its own meanings a context.
  it.each(appLocales)(
    "means the same as the members' catalog wherever both hold a message (%s)",
    (locale) => {
      const members = entries(path.join(locales, `${locale}.po`));
      const ops = entries(path.join(locales, "ops", `${locale}.po`));
      const differing = [...ops]
        .filter(([key, text]) => members.has(key) && members.get(key) !== text)
        .map(
          ([key, text]) =>
            `${key.replace("\u0004", " | ")}: console "${text}", members "${members.get(key)}"`,
        );
      expect(differing).toEqual([]);
    },
  );
});
