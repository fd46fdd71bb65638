import type { LoggerOptions } from "pino";

/**
 * Fields whose values never reach a log: secrets (passwords, their hashes, session tokens,
 * cookies, authorization headers), what identifies or pays a member (document and card
 * numbers), and the parameters of a failed query, which hold any of these.
 */
const secretKeys = [
  "password",
  "passwordConfirm",
  "oldPassword",
  "loginPassword",
  "fundPassword",
  "fundPasswordConfirm",
  "oldFundPassword",
  "passwordHash",
  "fundPasswordHash",
  "pin",
  "pinConfirm",
  "tradingPinHash",
  "x-trading-pin",
  "hash",
  "idNumber",
  "cardNumber",
  "token",
  "sessionToken",
  "staffToken",
  "deviceToken",
  "x-device-token",
  "cookie",
  "authorization",
  "set-cookie",
  "params",
  "parameters",
];

/**
 * How deep a secret is looked for: a field of the log line, of an object in it (`body`,
 * `headers`), or of one inside that (`req.headers`, `err.cause`). pino compiles each path, so
 * the list is kept to the depths our log lines have rather than a search of every object.
 */
const redactDepthMax = 3;

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of secretKeys) {
    // `set-cookie` is no identifier: pino takes it in brackets (`*["set-cookie"]`).
    const identifier = /^[A-Za-z_$][\w$]*$/.test(key);
    for (let depth = 0; depth < redactDepthMax; depth += 1) {
      const wildcards = Array.from({ length: depth }, () => "*");
      paths.push(identifier ? [...wildcards, key].join(".") : `${wildcards.join(".")}["${key}"]`);
    }
  }
  return paths;
}

/** Error fields a log keeps: what tells an operator what failed, never the values it failed on. */
const errorFieldsKept = ["code", "constraint", "table", "column", "routine", "severity", "type"] as const;

/**
 * Drizzle writes a failed query's parameters into its message (`Failed query: …\nparams: …`),
 * and so into the stack, whose first line is the message: both are cut at `params:`.
 */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: [redacted]");
}

/** How many causes deep an error is written: Drizzle wraps the driver's error, which may wrap one more. */
const causeDepthMax = 4;

/**
 * An error as the log writes it: its name, message and stack (parameters cut out) and the
 * database's codes, then its cause the same way. PostgreSQL's `detail` ("Key (login)=(…)
 * already exists") and `where`, and every other own field, are left out: they carry values.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const record: Record<string, unknown> = {
    type: error.name,
    message: withoutParams(error.message),
    stack: error.stack === undefined ? undefined : withoutParams(error.stack),
  };
  for (const field of errorFieldsKept) {
    if (field in error) record[field] = Reflect.get(error, field);
  }
  if (error.cause !== undefined && depth < causeDepthMax)
    record.cause = serializeError(error.cause, depth + 1);
  return record;
}

/**
 * The options of every logger our processes make: redaction of secrets by field name, and
 * errors written without the values they failed on. A process adds its level and its base
 * fields.
 */
export function logOptions(): LoggerOptions {
  return {
    redact: { paths: redactPaths(), censor: "[redacted]" },
    serializers: { err: (error: unknown) => serializeError(error) },
  };
}
