import type { AuditActionCode, JournalKind } from "@kabuto/shared/codes";
import type { I18n, MessageDescriptor } from "@lingui/core";
import type { ConsoleCodeWords } from "../../app/feature.ts";
import { opsConsoleCodes, systemConsoleCodes } from "./own-codes.ts";

/**
 * What the ledger's and the audit log's codes read as in the console: the console's own and,
 * once `loadOpsSections` has loaded them, each product's (`consoleCodes` of its feature). A code
 * from a newer server, or of a product not loaded yet, shows as itself.
 */
let words: ConsoleCodeWords = join([opsConsoleCodes, systemConsoleCodes]);

function join(list: readonly ConsoleCodeWords[]): ConsoleCodeWords {
  return {
    journalKinds: Object.assign({}, ...list.map((each) => each.journalKinds)),
    auditActions: Object.assign({}, ...list.map((each) => each.auditActions)),
    ledgerChecks: Object.assign({}, ...list.map((each) => each.ledgerChecks ?? {})),
  };
}

/** Adds the products' words to the console's own. */
export function addConsoleCodes(products: readonly ConsoleCodeWords[]): void {
  words = join([opsConsoleCodes, systemConsoleCodes, ...products]);
}

export function journalKindLabel(i18n: I18n, kind: string): string {
  const label = Object.hasOwn(words.journalKinds, kind) ? words.journalKinds[kind as JournalKind] : undefined;
  return label ? i18n._(label) : kind;
}

/** The audit action in the reader's language; staff scan for what happened, not for codes. */
export function auditActionLabel(i18n: I18n, action: string): string {
  const label = Object.hasOwn(words.auditActions, action)
    ? words.auditActions[action as AuditActionCode]
    : undefined;
  return label ? i18n._(label) : action;
}

/** What a product's ledger check finds, by the check's name, with `{count}` to fill. */
export function ledgerCheckFinding(name: string): MessageDescriptor | undefined {
  return Object.hasOwn(words.ledgerChecks ?? {}, name) ? words.ledgerChecks?.[name] : undefined;
}
