import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { logOptions } from "./logging.ts";

/** A logger like the processes', writing into a string the test reads. */
function capturedLogger() {
  let output = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  return { logger: pino(logOptions(), sink), output: () => output };
}

const argon2Hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";
const idNumber = "123456789012";
const cardNumber = "4111111111111111";

/** A driver error as pg makes it: the detail names the values of the row it refused. */
function driverError(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "staff_login_key"'), {
    code: "23505",
    constraint: "staff_login_key",
    table: "staff",
    detail: `Key (login)=(${idNumber}) already exists.`,
    where: `values ${cardNumber}`,
  });
}

describe("the log", () => {
  it("writes a failed query's error without its parameters, its detail or the values in its message", () => {
    const { logger, output } = capturedLogger();
    const error = new DrizzleQueryError(
      "insert into staff (login, password_hash, id_number) values ($1, $2, $3)",
      ["new.staff", argon2Hash, idNumber],
      driverError(),
    );
    logger.error({ err: error }, "unhandled error");
    const line = output();
    for (const secret of [argon2Hash, idNumber, cardNumber, "c2FsdHNhbHQ"])
      expect(line).not.toContain(secret);
    // What an operator needs to find the fault stays: the query, the SQLSTATE, the constraint.
    expect(line).toContain("insert into staff");
    expect(line).toContain("23505");
    expect(line).toContain("staff_login_key");
  });

  it("redacts secrets by name wherever a log line carries them", () => {
    const { logger, output } = capturedLogger();
    logger.warn(
      {
        password: "hunter2hunter2",
        body: { cardNumber, idNumber, fundPassword: "654321" },
        req: { headers: { cookie: "kabuto_session=tok1", authorization: "Bearer tok2" } },
        res: { headers: { "set-cookie": "kabuto_session=tok3" } },
        query: { params: [argon2Hash], parameters: [idNumber] },
        token: "tok4",
      },
      "something",
    );
    const line = output();
    for (const secret of [
      "hunter2hunter2",
      cardNumber,
      idNumber,
      "654321",
      "tok1",
      "tok2",
      "tok3",
      "tok4",
      argon2Hash,
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain("[redacted]");
  });
});
