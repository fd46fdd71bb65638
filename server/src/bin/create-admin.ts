// `npm run ops:create-admin -- --login <login> --name "<name>" [--password <password>]`: adds an
// admin to the staff table, audited with no staff actor, so the first staff member of an install
// can sign in to the operations console and add the others. Without --password it generates one
// and prints it once. Embedded mode (DATA_DIR): stop the server first, since PGlite takes one
// process at a time. Service mode: set DATABASE_URL.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { AppError, openDatabase, StaffService } from "@kabuto/api";
import { loadPlatformConfig } from "../config.ts";

const usage = 'usage: npm run ops:create-admin -- --login <login> --name "<name>" [--password <password>]';

/** 18 random bytes: a 24-character password, well past the 10 staff passwords need. */
function generatedPassword(): string {
  return randomBytes(18).toString("base64url");
}

function parse(): { login: string; name: string; password: string | undefined } {
  try {
    const { values } = parseArgs({
      options: {
        login: { type: "string" },
        name: { type: "string" },
        password: { type: "string" },
      },
      strict: true,
    });
    if (!values.login || !values.name) throw new Error("--login and --name are required");
    return { login: values.login, name: values.name, password: values.password };
  } catch (error) {
    console.error(`create-admin: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const args = parse();
const password = args.password ?? generatedPassword();
const config = loadPlatformConfig([]).process;
const database = await openDatabase({
  url: config.DATABASE_URL,
  migrationUrl: config.DATABASE_MIGRATION_URL,
  dataDir: config.DATA_DIR,
});
let exitCode = 0;
try {
  const created = await new StaffService(database.db).create(
    { login: args.login, name: args.name, role: "admin", password },
    null,
    { nowMs: Date.now() },
  );
  console.log(`created admin ${created.login} (${created.name}), id ${created.id}`);
  if (!args.password) console.log(`password: ${password}`);
  console.log(
    `the operations console is at /#/ops${config.DATABASE_URL === undefined ? ` (embedded data in ${config.DATA_DIR})` : ""}`,
  );
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  const fields = error.details?.fields ? ` ${JSON.stringify(error.details.fields)}` : "";
  console.error(`create-admin: ${error.code}${fields}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
