import type { StaffRole } from "@kabuto/shared/api/ops";
import { bearerSignIn, call, type TestApp } from "../testing/test-app.ts";
import { StaffService } from "./staff.service.ts";

let nextStaff = 1;

/** A new staff member of the given role, signed in through the API: their bearer header and id. */
export async function signInStaff(app: Pick<TestApp, "url" | "database">, role: StaffRole) {
  const login = `${role}.${nextStaff++}.${process.pid}`;
  const password = "staff-password-1";
  const created = await new StaffService(app.database.db).create(
    { login, name: `${role} ${nextStaff}`, role, password },
    null,
    { nowMs: Date.now() },
  );
  const signedIn = await call(`${app.url}/ops/auth/login`, "POST", { login, password }, bearerSignIn);
  if (signedIn.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(signedIn.body)}`);
  return { auth: { authorization: `Bearer ${signedIn.body.token}` }, staffId: created.id, login };
}
