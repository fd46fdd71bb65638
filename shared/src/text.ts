import { z } from "zod";

/**
 * Control characters no form field means to send: Unicode's category Cc, the C0 controls (NUL
 * among them), DEL and the C1 controls. PostgreSQL cannot store NUL in text at all, and the
 * others only hide in logs, the console and exports, where they can forge lines or reorder
 * what a reviewer reads.
 */
const controlCharacter = /\p{Cc}/u;
/** Tab, line feed and carriage return: the controls a multi-line field may hold. */
const lineControls = /[\t\n\r]/g;

export interface TextOptions {
  /** Tab and line breaks are allowed (reasons, news bodies); elsewhere they are refused too. */
  multiline?: boolean;
}

/**
 * Whether text is safe to take from a form: well-formed UTF-16 (no lone surrogate, which no
 * UTF-8 column or JSON document can hold) and no control characters except, in multi-line
 * fields, tab and line breaks.
 */
export function isSafeText(text: string, options: TextOptions = {}): boolean {
  if (!text.isWellFormed()) return false;
  return !controlCharacter.test(options.multiline ? text.replace(lineControls, "") : text);
}

/**
 * The one way a request schema declares a text field: a string (`error` when it is missing or
 * not a string) that is refused with INVALID_TEXT before any other check when it holds what
 * `isSafeText` refuses. Chain `.trim()`, `.min()`, `.regex()` after it as on `z.string()`; the
 * refusal comes first and alone, so a form shows the field's INVALID_TEXT rather than a
 * pattern's message about a character the member cannot see.
 */
export function safeText(options: TextOptions & { error?: string } = {}) {
  const { error, ...textOptions } = options;
  return z
    .string(error === undefined ? undefined : { error })
    .refine((text) => isSafeText(text, textOptions), { error: "INVALID_TEXT", abort: true });
}
