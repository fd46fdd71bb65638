import {
  type AuditEntry,
  createStaffSchema,
  type Staff,
  staffLoginPattern,
  type staffLoginRequestSchema,
} from "@kabuto/shared/api/ops";
import { verify } from "@node-rs/argon2";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AuditQuery, auditPage, recordAudit } from "../kernel/audit.ts";
import type { DeviceTokens } from "../kernel/devices.ts";
import { hashPassword } from "../kernel/passwords.ts";
import {
  createStaffSession,
  revokeStaffSession,
  revokeStaffSessions,
  type StaffMember,
} from "../kernel/staff-sessions.ts";
import { addressKey, reserveTrusted, type ThrottleStore, throttleRules } from "../security/throttle.ts";
import { validate } from "../validate.ts";
import {
  allStaff,
  insertStaff,
  lockStaff,
  type StaffRow,
  setStaffDisabled,
  staffById,
  staffByLogin,
} from "./staff.repo.ts";

export type StaffCredentials = z.output<typeof staffLoginRequestSchema>;

function toStaff(row: StaffRow): Staff {
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
  private readonly signIn: { throttle: ThrottleStore; devices: DeviceTokens } | undefined;

  /** `signIn` is needed for sign-in; the seed and the command line only create accounts. */
  constructor(db: Db, options: { signIn?: { throttle: ThrottleStore; devices: DeviceTokens } } = {}) {
    this.db = db;
    this.signIn = options.signIn;
  }

  /**
   * Staff sign-in, throttled as members' is (a login's guesses slow down, an address's stop)
   * under keys of its own. Each attempt is counted before the password is checked. A browser
   * holding the login's device token counts against its own budget, so guesses from elsewhere
   * cannot keep an admin out of their own console.
   */
  async login(
    body: StaffCredentials,
    context: { nowMs: number; ip: string; deviceToken?: string | undefined },
  ): Promise<{ staff: Staff; token: string; deviceToken: string }> {
    if (!this.signIn) throw new Error("staff sign-in needs a throttle store and device tokens");
    const { throttle, devices } = this.signIn;
    const device = devices.nonceOf(context.deviceToken, { kind: "staff", login: body.login });
    const reservation = await reserveTrusted(
      throttle,
      {
        trusted: device
          ? [{ key: `staff:device:${device}`, rule: throttleRules.staffDevice, onSuccess: "clear" }]
          : undefined,
        untrusted: [
          {
            key: `staff:address:${addressKey(context.ip)}`,
            rule: throttleRules.staffAddress,
            onSuccess: "give-back",
          },
          // A name no staff account can have shares one key, so made-up names cannot grow the store.
          {
            key: `staff:login:${staffLoginPattern.test(body.login) ? body.login : "malformed"}`,
            rule: throttleRules.staffAccount,
            onSuccess: "clear",
          },
        ],
      },
      context.nowMs,
    );
    if ("refusedForMs" in reservation) {
      throw new AppError("STAFF_LOGIN_THROTTLED", { retryAfterMs: reservation.refusedForMs });
    }
    const row = await staffByLogin(this.db, body.login);
    const ok = row
      ? await verify(row.passwordHash, body.password)
      : await hashPassword(body.password).then(() => false);
    if (!row || !ok || row.disabled) throw new AppError("STAFF_LOGIN_FAILED");
    await reservation.succeeded();
    const token = await createStaffSession(this.db, row.id, context.nowMs);
    return { staff: toStaff(row), token, deviceToken: devices.issue({ kind: "staff", login: row.login }) };
  }

  /** Ends the session this token opened. */
  async logout(token: string, nowMs: number): Promise<void> {
    await revokeStaffSession(this.db, token, nowMs);
  }

  async byId(staffId: string): Promise<Staff | undefined> {
    const row = await staffById(this.db, staffId);
    return row ? toStaff(row) : undefined;
  }

  async list(): Promise<Staff[]> {
    return (await allStaff(this.db)).map(toStaff);
  }

  /**
   * An admin adds a staff member; `actor` null is the command-line bootstrap of the first admin.
   * Both callers are edges (the route and the command line), so the request is parsed here,
   * once, for both.
   */
  async create(
    input: z.input<typeof createStaffSchema>,
    actor: StaffMember | null,
    context: { nowMs: number; ip?: string },
  ): Promise<Staff> {
    const body = validate(createStaffSchema, input);
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction(async (tx) => {
      const row = await insertStaff(tx, {
        login: body.login,
        name: body.name,
        role: body.role,
        passwordHash,
        createdAtMs: context.nowMs,
      });
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
      const before = await lockStaff(tx, staffId);
      if (!before) throw new AppError("STAFF_NOT_FOUND");
      const after = await setStaffDisabled(tx, staffId, disabled);
      if (disabled) await revokeStaffSessions(tx, staffId, context.nowMs);
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
      return toStaff(after);
    });
  }

  async auditLog(query: AuditQuery): Promise<AuditEntry[]> {
    return auditPage(this.db, query);
  }
}
