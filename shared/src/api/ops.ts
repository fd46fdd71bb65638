import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import { currencies, currencySchema } from "../symbols.ts";
import { safeText } from "../text.ts";
import { verificationStatuses } from "./auth.ts";
import { reasonSchema } from "./staff-decisions.ts";
import { fundRecordSchema } from "./trading.ts";

// The console's own screens read them here too; products import them from staff-decisions.ts.
export { type ReviewDecision, reasonSchema, reviewDecisionSchema } from "./staff-decisions.ts";

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
  login: safeText({ error: "ACCOUNT_REQUIRED" }).trim().toLowerCase().min(1, { error: "ACCOUNT_REQUIRED" }),
  password: safeText({ error: "PASSWORD_REQUIRED" }).min(1, { error: "PASSWORD_REQUIRED" }),
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

/** `token` and `deviceToken` only for a sign-in that asked for them with `X-Session-Transport: bearer` (see auth.ts). */
export const staffSessionResponseSchema = z.object({
  staff: staffSchema,
  token: z.string().optional(),
  /** With `token`: the caller's device token, to send back in `X-Device-Token` at its next sign-in (auth.ts). */
  deviceToken: z.string().optional(),
});
/** Whether this caller holds a staff session: the staff member, or null when none is signed in. */
export const staffSessionStateSchema = z.object({ staff: staffSchema.nullable() });

export const createStaffSchema = z.object({
  login: safeText({ error: "ACCOUNT_REQUIRED" })
    .trim()
    .toLowerCase()
    .regex(staffLoginPattern, { error: "ACCOUNT_INVALID" }),
  name: safeText({ error: "NAME_REQUIRED" }).trim().min(1, { error: "NAME_REQUIRED" }).max(64),
  role: z.enum(staffRoles, { error: "VALIDATION_FAILED" }),
  password: safeText({ error: "PASSWORD_REQUIRED" }).regex(staffPasswordPattern, {
    error: "PASSWORD_INVALID",
  }),
});

/** Disabling or re-enabling a staff member, with the reason the audit log keeps. */
export const staffDisabledSchema = z.object({
  disabled: z.boolean({ error: "VALIDATION_FAILED" }),
  reason: reasonSchema,
});

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
  target: safeText().max(100).optional(),
  staffId: z.uuid().optional(),
  /** The id of the last entry already shown: the page goes on after it, newest first by time. */
  before: z.coerce.number().int().positive().optional(),
});

/** Account flags operations set; each is enforced where it matters (sign-in, orders, funding). */
export const memberFlagNames = ["frozen", "disabled", "tradingBarred", "withdrawBarred"] as const;
export type MemberFlagName = (typeof memberFlagNames)[number];

/** Members a search page shows at most, and how deep paging goes: a console search, not an export. */
export const memberSearchLimitMax = 50;
export const memberSearchOffsetMax = 1_000;

export const memberSearchQuerySchema = z.object({
  /** An account prefix, a member id, part of a real name, or an invitation code; empty lists the newest. */
  q: safeText().trim().max(64, { error: "VALIDATION_FAILED" }).optional(),
  limit: z.coerce.number().int().min(1).max(memberSearchLimitMax).default(20),
  offset: z.coerce.number().int().min(0).max(memberSearchOffsetMax).default(0),
});

export const memberSummarySchema = z.object({
  id: z.string(),
  account: z.string(),
  inviteCode: z.string(),
  realName: z.string().nullable(),
  verification: z.enum(verificationStatuses),
  frozen: z.boolean(),
  disabled: z.boolean(),
  tradingBarred: z.boolean(),
  withdrawBarred: z.boolean(),
  createdAtMs: z.number(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const memberListSchema = z.object({
  items: z.array(memberSummarySchema),
  /** The offset of the next page, or null when this one was the last. */
  nextOffset: z.number().nullable(),
});

export const memberProfileSchema = memberSummarySchema.extend({
  invitedByAccount: z.string().nullable(),
  /** Every ledger account of the member that ever moved, in minor units. */
  balances: z.array(z.object({ currency: currencySchema, purpose: z.string(), amount: minorAmountSchema })),
  /** The newest journals, as the member sees them in their fund records. */
  recentJournals: z.array(fundRecordSchema),
  counts: z.object({
    deposits: z.number(),
    depositsPending: z.number(),
    withdrawals: z.number(),
    withdrawalsOpen: z.number(),
    positionsHolding: z.number(),
    positionsClosed: z.number(),
    ordersPending: z.number(),
    activeSessions: z.number(),
  }),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** Set or clear any of the flags; at least one, and always a reason. */
export const memberFlagsUpdateSchema = z
  .object({
    frozen: z.boolean({ error: "VALIDATION_FAILED" }).optional(),
    disabled: z.boolean({ error: "VALIDATION_FAILED" }).optional(),
    tradingBarred: z.boolean({ error: "VALIDATION_FAILED" }).optional(),
    withdrawBarred: z.boolean({ error: "VALIDATION_FAILED" }).optional(),
    reason: reasonSchema,
  })
  .refine((body) => memberFlagNames.some((name) => body[name] !== undefined), {
    error: "VALIDATION_FAILED",
    path: ["flags"],
  });
export type MemberFlagsUpdate = z.input<typeof memberFlagsUpdateSchema>;

/**
 * An adjusting journal: a signed amount in major units (credit positive, debit negative) that
 * moves money between the house's adjustments account and the member's available cash. The
 * reason is the journal's memo, which the member reads in their fund records.
 */
export const adjustmentRequestSchema = z.object({
  currency: z.enum(currencies, { error: "CURRENCY_INVALID" }),
  amount: safeText({ error: "AMOUNT_INVALID" })
    .trim()
    .regex(/^-?\d{1,15}(\.\d{1,4})?$/, { error: "AMOUNT_INVALID" }),
  reason: reasonSchema,
});
export type AdjustmentRequest = z.input<typeof adjustmentRequestSchema>;

export const adjustmentSchema = z.object({
  journalId: z.string(),
  memberId: z.string(),
  currency: currencySchema,
  /** Signed minor units. */
  amount: minorAmountSchema,
  /** The member's available cash after it, minor units. */
  available: minorAmountSchema,
  reason: z.string(),
  createdAtMs: z.number(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/**
 * The public settings operations edit. Hours and limits are deployment settings the servers
 * enforce (FUND_HOURS, WITHDRAW_MIN); the console shows them read-only so no text can promise
 * other hours than the ones enforced.
 */
export const opsConfigEntrySchema = z.object({
  name: z.string(),
  value: z.string(),
  /** `text`, `url` (http or https, or empty to hide the link) or `email`. */
  kind: z.enum(["text", "url", "email"]),
  editable: z.boolean(),
  /** What the entry is when operations never set it. */
  defaultValue: z.string(),
  maxLength: z.number(),
});
export type OpsConfigEntry = z.infer<typeof opsConfigEntrySchema>;
export const opsConfigListSchema = z.object({ items: z.array(opsConfigEntrySchema) });
export const configUpdateSchema = z.object({
  value: safeText({ error: "VALIDATION_FAILED" }).max(2_000, { error: "VALIDATION_FAILED" }),
});

/** One review queue: how many requests wait, and since when the oldest has waited. */
export const opsQueueSchema = z.object({
  count: z.number(),
  oldestAtMs: z.number().nullable(),
});

/**
 * What waits for a decision, counted exactly: identity checks, deposits, withdrawals to check
 * (maker) and checked withdrawals to approve (checker).
 */
export const opsQueuesSchema = z.object({
  kyc: opsQueueSchema,
  deposits: opsQueueSchema,
  withdrawalsToCheck: opsQueueSchema,
  withdrawalsToApprove: opsQueueSchema,
  loans: opsQueueSchema,
  /** Day-trading applications awaiting review. */
  dayTrading: opsQueueSchema,
});
export type OpsQueues = z.infer<typeof opsQueuesSchema>;

/** The ledger check operations can run from the console (the same as `npm run ledger:check`). */
export const ledgerCheckSchema = z.object({
  healthy: z.boolean(),
  accounts: z.number(),
  journals: z.number(),
  drifted: z.array(z.object({ accountId: z.number(), cached: z.string(), fromEntries: z.string() })),
  unbalanced: z.array(z.object({ journalId: z.number(), currency: z.string(), sum: z.string() })),
  mismatched: z.number(),
  /**
   * Each product's check of its records against the ledger, by name (`loansMismatched`: members
   * whose loan account differs from what their loans say is owed; `copiesMismatched`: copies whose
   * cash or invested amount differs from their journals), with its findings.
   */
  checks: z.array(z.object({ name: z.string(), count: z.number() })),
  /** Breaks in the tamper-evident trail: which record, in which chain, and what is wrong with it. */
  trail: z.array(
    z.object({
      chain: z.string(),
      seq: z.number(),
      record: z.string(),
      problem: z.enum(["altered", "relinked", "gap", "unlinked", "rewritten", "repinned"]),
    }),
  ),
  checkedAtMs: z.number(),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;
