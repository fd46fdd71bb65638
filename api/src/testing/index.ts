// Test helpers other packages' tests use (the composition package's platform tests).

export { rowsOf } from "../db/rows.ts";
export { createChannel, readyToWithdraw } from "../funding/funding-fixtures.ts";
export { jpeg, postForm } from "../identity/identity-fixtures.ts";
export { IpoService } from "../ipo/ipo.service.ts";
export { signInStaff } from "../ops/members.fixtures.ts";
export { seedDemo } from "../seed.ts";
export { flatQuote, fund, registerMember } from "./fixtures.ts";
export { bearerSignIn, call } from "./test-app.ts";
export {
  databaseSettings,
  localPostgresUrl,
  localRedisUrl,
  openTestDatabase,
  openTestThrottle,
  testConfig,
  testRedisPrefix,
  testSettings,
} from "./test-env.ts";
