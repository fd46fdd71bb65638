import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appLocales } from "./locale.ts";

const locales = path.resolve(import.meta.dirname, "../locales");

interface Entry {
  /** The msgctxt, "" for none. */
  context: string;
  id: string;
  text: string;
  /** Where the message is used, as Lingui wrote it (`src/features/ipo/x.tsx:360`). */
  places: string[];
}

/** Each entry of a .po catalog by "context\u0004id" (single-line entries, as Lingui writes them). */
function entries(file: string): Map<string, Entry> {
  const found = new Map<string, Entry>();
  for (const block of readFileSync(file, "utf8").split(/\n\n/)) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    if (!id) continue;
    const context = /^msgctxt "(.*)"$/m.exec(block)?.[1] ?? "";
    const text = /^msgstr "(.*)"$/m.exec(block)?.[1] ?? "";
    const places = [...block.matchAll(/^#: (.*)$/gm)].flatMap((line) => line[1]?.split(" ") ?? []);
    found.set(`${context}\u0004${id}`, { context, id, text, places });
  }
  return found;
}

function catalogs(locale: string): { members: Map<string, Entry>; ops: Map<string, Entry> } {
  return {
    members: entries(path.join(locales, `${locale}.po`)),
    ops: entries(path.join(locales, "ops", `${locale}.po`)),
  };
}

describe("the console's catalog beside the members'", () => {
  // The console merges its catalog under the members' (src/i18n/i18n.ts): a message both hold
  // shows the members' translation, so the console must give its own meanings a context.
  it.each(appLocales)(
    "means the same as the members' catalog wherever both hold a message (%s)",
    (locale) => {
      const { members, ops } = catalogs(locale);
      const differing = [...ops]
        .filter(
          ([key, entry]) => members.get(key)?.text !== undefined && members.get(key)?.text !== entry.text,
        )
        .map(
          ([key, entry]) =>
            `${key.replace("\u0004", " | ")}: console "${entry.text}", members "${members.get(key)?.text}"`,
        );
      expect(differing).toEqual([]);
    },
  );
});

/**
 * The console's context for its own wording of a meaning the members' catalog also holds
 * ("Add": 新增 there, 追加 here). The test above requires it; it is not a second meaning.
 */
const consoleWording = "console";

describe("the members' catalog", () => {
  // One English string is one catalog entry wherever it is used: the IPO form's "Change" button
  // took the quote column's 前日比, the block application's "Withdraw" the cash withdrawal's 出金.
  // Where the catalogs already hold a word in another meaning (a context whose translation
  // differs), a use without a context is one meaning among several and must say which.
  it.each(appLocales)(
    "names the meaning of every message whose English means more than one thing (%s)",
    (locale) => {
      const { members, ops } = catalogs(locale);
      const meanings = [
        ...members.values(),
        ...[...ops.values()].filter((entry) => entry.context !== consoleWording),
      ].filter((entry) => entry.context !== "");
      const unnamed = [...members.values()]
        .filter((entry) => entry.context === "")
        .flatMap((bare) =>
          meanings
            .filter((other) => other.id === bare.id && other.text !== bare.text)
            .map(
              (other) =>
                `"${bare.id}" is "${bare.text}" without a context (${bare.places.join(", ")}) but "${other.text}" as "${other.context}"`,
            ),
        );
      expect(unnamed).toEqual([]);
    },
  );
});
