/**
 * The search screen's history (spec section 2): the terms that led somewhere, newest first,
 * without repeats, at most `searchHistoryMax`. Pure list functions plus their storage.
 */
import { readStorage, removeStorage, writeStorage } from "../../lib/storage.ts";

/** One screen of chips; older terms are rarely searched again. */
export const searchHistoryMax = 12;
/** The longest query the instruments API takes. */
export const searchTermMax = 40;
const storageKey = "search_history";

export function addTerm(history: readonly string[], term: string): string[] {
  const clean = term.trim().slice(0, searchTermMax);
  if (!clean) return [...history];
  const key = clean.toLocaleLowerCase();
  return [clean, ...history.filter((old) => old.toLocaleLowerCase() !== key)].slice(0, searchHistoryMax);
}

export function removeTerm(history: readonly string[], term: string): string[] {
  return history.filter((old) => old !== term);
}

/** Anything stored that is not a list of strings is treated as no history. */
export function parseHistory(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === "string" && item.trim() !== "")
      .slice(0, searchHistoryMax);
  } catch {
    return [];
  }
}

export function loadHistory(): string[] {
  return parseHistory(readStorage(storageKey));
}

export function saveHistory(history: readonly string[]): void {
  if (history.length === 0) removeStorage(storageKey);
  else writeStorage(storageKey, JSON.stringify(history));
}
