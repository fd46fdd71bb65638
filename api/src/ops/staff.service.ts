import { createStaffSchema, type Staff, staffLoginRequestSchema } from "@kabuto/shared";
import { hash, verify } from "@node-rs/argon2";
import { and, asc, count, eq, gt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { loginFailures, staff } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { validate } from "../http/validate.ts";
import { recordAudit } from "./audit.ts";
import { createStaffSession, revokeStaffSessions, type StaffMember } from "./staff-sessions.ts";

/** The same argon2id cost as member passwords (auth.service.ts). */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Staff sign-in failures counted over this window before refusing more tries. */
const loginWindowMs = 15 * 60_000;
/** Fewer tries than members get: a staff login opens every member's data. */
const loginFailuresMax = 5;

type StaffRow = typeof staff.$inferSelect;

export function toStaff(row: StaffRow): Staff {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    disabled: row.disabled,
    createdAtMs: row.createdAtMs,
  };
}

export class StaffService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async login(
    input: unknown,
    context: { nowMs: number; ip: string },
  ): Promise<{ staff: Staff; token: string }> {
    const body = validate(staffLoginRequestSchema, input);
    // Failures share the members' table under a prefix no member account can have.
    const key = `staff:${body.login}`;
    const [failures] = await this.db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.account, key), gt(loginFailures.atMs, context.nowMs - loginWindowMs)));
    if ((failures?.n ?? 0) >= loginFailuresMax) {
      throw new AppError("LOGIN_THROTTLED", { retryAfterMs: loginWindowMs });
    }
    const [row] = await this.db.select().from(staff).where(eq(staff.login, body.login)).limit(1);
    const ok = row
      ? await verify(row.passwordHash, body.password)
      : await hash(body.password, argon2Options).then(() => false);
    if (!row || !ok || row.disabled) {
      await this.db.insert(loginFailures).values({ account: key, ip: context.ip, atMs: context.nowMs });
      throw new AppError("STAFF_LOGIN_FAILED");
    }
    const token = await createStaffSession(this.db, row.id, context.nowMs);
    return { staff: toStaff(row), token };
  }

  async list(): Promise<Staff[]> {
    const rows = await this.db.select().from(staff).orderBy(asc(staff.createdAtMs));
    return rows.map(toStaff);
  }

  /** An admin adds a staff member; `actor` null is the command-line bootstrap of the first admin. */
  async create(
    input: unknown,
    actor: StaffMember | null,
    context: { nowMs: number; ip?: string },
  ): Promise<Staff> {
    const body = validate(createStaffSchema, input);
    const passwordHash = await hash(body.password, argon2Options);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({
          login: body.login,
          name: body.name,
          role: body.role,
          passwordHash,
          createdAtMs: context.nowMs,
        })
        .onConflictDoNothing({ target: staff.login })
        .returning();
      if (!row) throw new AppError("STAFF_EXISTS", { fields: { login: "STAFF_EXISTS" } });
      const created = toStaff(row);
      await recordAudit(tx, {
        staffId: actor?.id ?? null,
        action: "staff.create",
        target: `staff:${row.id}`,
        after: created,
        ip: context.ip ?? null,
        atMs: context.nowMs,
      });
      return created;
    });
  }

  /** Disables or re-enables a staff member; disabling ends their sessions at once. */
  async setDisabled(
    staffId: string,
    disabled: boolean,
    actor: StaffMember,
    context: { nowMs: number; ip?: string; reason: string },
  ): Promise<Staff> {
    if (staffId === actor.id) throw new AppError("FORBIDDEN", { reason: "self" });
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, staffId)).for("update");
      if (!before) throw new AppError("STAFF_NOT_FOUND");
      const [after] = await tx.update(staff).set({ disabled }).where(eq(staff.id, staffId)).returning();
      if (disabled) await revokeStaffSessions(tx as unknown as Db, staffId, context.nowMs);
      await recordAudit(tx, {
        staffId: actor.id,
        action: disabled ? "staff.disable" : "staff.enable",
        target: `staff:${staffId}`,
        before: { disabled: before.disabled },
        after: { disabled },
        reason: context.reason,
        ip: context.ip ?? null,
        atMs: context.nowMs,
      });
      return toStaff(after as StaffRow);
    });
  }
}
