import { readFileSync } from "node:fs";
import path from "node:path";
import { journalKinds } from "@kabuto/shared/api/journal-memo";
import { statementMemoWords } from "@kabuto/shared/statements/memo-words";
import { statementKindWords } from "@kabuto/shared/statements/words";
import type { MessageDescriptor } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { appLocales } from "../../i18n/locale.ts";
import { blockRecordKinds } from "../block/block.journals.ts";
import { dividendsRecordKinds } from "../dividends/dividends.journals.ts";
import { followRecordKinds } from "../follow/follow.journals.ts";
import { fundsRecordKinds } from "../funds/funds.journals.ts";
import { ipoRecordKinds } from "../ipo/ipo.journals.ts";
import { loansRecordKinds } from "../loans/loans.journals.ts";
import { rewardsRecordKinds } from "../rewards/rewards.journals.ts";
import { tradingRecordKinds } from "../trading/trading.journals.ts";
import { fundingRecordKinds } from "../wallet/wallet.journals.ts";

/** Each translation of the members' catalog by "context\u0004id" (single-line entries, as Lingui writes them). */
function catalog(locale: string): Map<string, string> {
  const file = path.resolve(import.meta.dirname, "../../locales", `${locale}.po`);
  const found = new Map<string, string>();
  for (const block of readFileSync(file, "utf8").split(/\n\n/)) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    if (!id) continue;
    const context = /^msgctxt "(.*)"$/m.exec(block)?.[1] ?? "";
    found.set(`${context}\u0004${id}`, /^msgstr "(.*)"$/m.exec(block)?.[1] ?? "");
  }
  return found;
}

const recordKinds: Record<string, MessageDescriptor> = {
  ...blockRecordKinds,
  ...dividendsRecordKinds,
  ...followRecordKinds,
  ...fundsRecordKinds,
  ...ipoRecordKinds,
  ...loansRecordKinds,
  ...rewardsRecordKinds,
  ...tradingRecordKinds,
  ...fundingRecordKinds,
};

describe("a statement's words for journal kinds", () => {
  // The server writes statements with the shared table; the member reads fund records through
  // the catalogs. A kind must read the same in both, in every language.
  it.each(appLocales)("are the fund records' words (%s)", (locale) => {
    const translations = catalog(locale);
    const differing = journalKinds.flatMap((kind) => {
      const descriptor = recordKinds[kind];
      if (!descriptor?.message) return [`${kind}: no fund-record words`];
      // The macro keeps the context beside the message (Lingui's type leaves it out).
      const context = (descriptor as MessageDescriptor & { context?: string }).context ?? "";
      const translated = translations.get(`${context}\u0004${descriptor.message}`);
      const record = translated || descriptor.message;
      const statement = statementKindWords[kind][locale];
      return record === statement ? [] : [`${kind}: records "${record}", statement "${statement}"`];
    });
    expect(differing).toEqual([]);
  });

  // A coded remark's sentence: its English is the message id of the fund records' `t` call
  // (memo-text.ts), its translations the catalogs'.
  it.each(appLocales)("of remarks are the fund records' sentences (%s)", (locale) => {
    const translations = catalog(locale);
    const differing = Object.entries(statementMemoWords).flatMap(([name, words]) => {
      const context = "context" in words ? words.context : "";
      const translated = translations.get(`${context}\u0004${words.en}`);
      if (translated === undefined) return [`${name}: "${words.en}" is no message of the fund records`];
      const record = translated || words.en;
      return record === words[locale] ? [] : [`${name}: records "${record}", statement "${words[locale]}"`];
    });
    expect(differing).toEqual([]);
  });
});
