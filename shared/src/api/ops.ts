import { z } from "zod";

/** Staff roles, weakest first: a reviewer reviews, a supervisor also manages members and settings, an admin also staff. */
export const staffRoles = ["reviewer", "supervisor", "admin"] as const;
export type StaffRole = (typeof staffRoles)[number];

export function roleAtLeast(role: StaffRole, needed: StaffRole): boolean {
  return staffRoles.indexOf(role) >= staffRoles.indexOf(needed);
}

/** Staff sign-in names: letters, digits, dot, dash and underscore. */
export const staffLoginPattern = /^[a-z0-9._-]{3,32}$/;
/** Staff passwords are longer than members': they open every member's data. */
export const staffPasswordPattern = /^.{10,128}$/;

export const staffLoginRequestSchema = z.object({
  login: z.string({ error: "ACCOUNT_REQUIRED" }).trim().toLowerCase().min(1, { error: "ACCOUNT_REQUIRED" }),
  password: z.string({ error: "PASSWORD_REQUIRED" }).min(1, { error: "PASSWORD_REQUIRED" }),
});

export const staffSchema = z.object({
  id: z.string(),
  login: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  disabled: z.boolean(),
  createdAtMs: z.number(),
});
export type Staff = z.infer<typeof staffSchema>;
export const staffListSchema = z.object({ items: z.array(staffSchema) });

export const staffSessionResponseSchema = z.object({ staff: staffSchema, token: z.string() });

export const createStaffSchema = z.object({
  login: z
    .string({ error: "ACCOUNT_REQUIRED" })
    .trim()
    .toLowerCase()
    .regex(staffLoginPattern, { error: "ACCOUNT_INVALID" }),
  name: z.string({ error: "NAME_REQUIRED" }).trim().min(1, { error: "NAME_REQUIRED" }).max(64),
  role: z.enum(staffRoles, { error: "VALIDATION_FAILED" }),
  password: z
    .string({ error: "PASSWORD_REQUIRED" })
    .regex(staffPasswordPattern, { error: "PASSWORD_INVALID" }),
});

/** Every staff decision carries a reason: the member reads it, the audit log keeps it. */
export const reasonSchema = z
  .string({ error: "REASON_REQUIRED" })
  .trim()
  .min(1, { error: "REASON_REQUIRED" })
  .max(500, { error: "VALIDATION_FAILED" });

export const reviewDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: "VALIDATION_FAILED" }),
  /** Required to reject; optional to approve. */
  reason: z.string().trim().max(500).optional(),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  staffId: z.string().nullable(),
  staffLogin: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  atMs: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ items: z.array(auditEntrySchema) });
export const auditQuerySchema = z.object({
  target: z.string().max(100).optional(),
  staffId: z.uuid().optional(),
  before: z.coerce.number().int().positive().optional(),
});
