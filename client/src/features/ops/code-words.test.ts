import { auditActionCodes } from "@kabuto/shared/api/audit";
import { journalKinds } from "@kabuto/shared/ledger";
import { setupI18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { features } from "../../app/features.ts";
import { auditActionLabel, journalKindLabel, ledgerCheckFinding } from "./code-words.ts";
import { loadOpsSections } from "./ops-nav.ts";
import { opsConsoleCodes, systemConsoleCodes } from "./own-codes.ts";

/** Every key of `tables`, once per table that has it. */
function keysOf(tables: readonly object[]): string[] {
  return tables.flatMap((table) => Object.keys(table));
}

function repeated(keys: readonly string[]): string[] {
  return keys.filter((key, index) => keys.indexOf(key) !== index);
}

describe("the words of each product's codes", () => {
  beforeAll(async () => {
    await loadOpsSections();
  });

  it("give every journal kind one word in the member's fund records, said by one feature", () => {
    const said = keysOf(features.map((feature) => feature.recordKinds ?? {}));
    expect(journalKinds.filter((kind) => !said.includes(kind))).toEqual([]);
    expect(repeated(said)).toEqual([]);
  });

  it("give every journal kind and audit action one word in the console, said by one product", async () => {
    const products = [
      opsConsoleCodes,
      systemConsoleCodes,
      ...(await Promise.all(features.map((feature) => feature.consoleCodes?.() ?? []))).flat(),
    ];
    const kinds = keysOf(products.map((each) => each.journalKinds));
    const actions = keysOf(products.map((each) => each.auditActions));
    expect(journalKinds.filter((kind) => !kinds.includes(kind))).toEqual([]);
    expect(auditActionCodes.filter((action) => !actions.includes(action))).toEqual([]);
    expect(repeated([...kinds, ...actions])).toEqual([]);
  });

  it("say a code in words once the console has loaded the products, and an unknown code as itself", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    expect(journalKindLabel(i18n, "loan_interest")).toBe("Loan interest");
    expect(journalKindLabel(i18n, "adjustment")).toBe("Adjustment");
    expect(journalKindLabel(i18n, "no_such_kind")).toBe("no_such_kind");
    expect(auditActionLabel(i18n, "lead.suspend")).toBe("Lead trader suspended");
    expect(auditActionLabel(i18n, "config.set")).toBe("Setting changed");
    expect(auditActionLabel(i18n, "toString")).toBe("toString");
    const finding = ledgerCheckFinding("loansMismatched");
    const counted = finding && { ...finding, values: { count: 2 } };
    expect(counted && i18n._(counted)).toBe("Loan accounts that differ from their loans: 2");
  });
});
