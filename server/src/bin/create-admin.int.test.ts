import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Database, DeviceTokens, MemoryThrottleStore, openDatabase, StaffService } from "@kabuto/api";
import { databaseSettings, openTestDatabase, rowsOf } from "@kabuto/api/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
/** What sign-in needs beside the database: attempt counters and a signer of device tokens. */
const signIn = {
  throttle: new MemoryThrottleStore(),
  devices: new DeviceTokens("create-admin-test-device-secret-0123456789"),
};
const script = path.resolve(import.meta.dirname, "create-admin.ts");

/** Runs the command as `npm run ops:create-admin` would, with only the environment given. */
async function createAdmin(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function staffRows(database: Database) {
  return rowsOf(
    await database.db.execute(sql`
      select s.login, s.role, a.action, a.staff_id from staff s
      left join audit_log a on a.target = 'staff:' || s.id order by s.login`),
  );
}

describe("ops:create-admin in service mode (DATABASE_URL)", () => {
  let database: Database;
  /** Served as the app role; migrations (none left to run) as the owner, as ops would run it. */
  let settings: Record<string, string>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase({ server: true });
    database = opened.database;
    settings = databaseSettings(opened);
    drop = opened.drop;
  });
  afterAll(async () => {
    await drop?.();
  });

  it("creates an admin, audited with no staff actor, and prints a generated password that signs in", async () => {
    const result = await createAdmin(["--login", "Root.Admin", "--name", "Root Admin"], settings);
    expect(result.code, result.stderr).toBe(0);
    const password = /^password: (\S+)$/m.exec(result.stdout)?.[1] as string;
    expect(password).toHaveLength(24);
    expect(await staffRows(database)).toEqual([
      { login: "root.admin", role: "admin", action: "staff.create", staff_id: null },
    ]);
    const signedIn = await new StaffService(database.db, { signIn }).login(
      { login: "root.admin", password },
      { nowMs: Date.now(), ip: "127.0.0.1" },
    );
    expect(signedIn.staff.role).toBe("admin");
  });

  it("takes a given password without printing it", async () => {
    const result = await createAdmin(
      ["--login", "second", "--name", "Second Admin", "--password", "a-long-passphrase"],
      settings,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain("a-long-passphrase");
    const signedIn = await new StaffService(database.db, { signIn }).login(
      { login: "second", password: "a-long-passphrase" },
      { nowMs: Date.now(), ip: "127.0.0.1" },
    );
    expect(signedIn.staff.name).toBe("Second Admin");
  });

  const refusals: [string, string[], number, string][] = [
    ["a login that exists", ["--login", "root.admin", "--name", "Again"], 1, "STAFF_EXISTS"],
    ["a malformed login", ["--login", "no spaces", "--name", "X"], 1, "ACCOUNT_INVALID"],
    ["a short password", ["--login", "third", "--name", "X", "--password", "short"], 1, "PASSWORD_INVALID"],
    ["no name", ["--login", "fourth"], 2, "--login and --name are required"],
    ["an unknown option", ["--login", "fifth", "--name", "X", "--role", "reviewer"], 2, "usage:"],
  ];
  for (const [what, args, code, message] of refusals) {
    it(`refuses ${what}, adding nobody`, async () => {
      const before = await staffRows(database);
      const result = await createAdmin(args, settings);
      expect(result.code).toBe(code);
      expect(result.stderr).toContain(message);
      expect(await staffRows(database)).toEqual(before);
    });
  }
});

describe("ops:create-admin in embedded mode (DATA_DIR)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kabuto-create-admin-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates the admin in the PGlite database under DATA_DIR", async () => {
    const result = await createAdmin(
      ["--login", "owner", "--name", "Owner", "--password", "owner-password"],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("created admin owner (Owner)");
    const database = await openDatabase({ dataDir });
    try {
      expect(await staffRows(database)).toEqual([
        { login: "owner", role: "admin", action: "staff.create", staff_id: null },
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
