import { alertKinds } from "@kabuto/shared/alerts/rules";
import type { LocalizedText } from "@kabuto/shared/api/news";
import { formatLocales } from "@kabuto/shared/format/locale";
import type { AttachedUnits } from "@kabuto/shared/trading/attached";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Epoch milliseconds, UTC: every instant in the database. */
const epochMs = (name: string) => bigint(name, { mode: "number" });

export const members = pgTable("members", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  /** The sign-in name: a mobile number. */
  account: text("account").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** The member's own code for inviting others. */
  inviteCode: text("invite_code").notNull().unique(),
  invitedBy: uuid("invited_by"),
  verification: text("verification", { enum: ["unverified", "pending", "verified", "rejected"] })
    .notNull()
    .default("unverified"),
  frozen: boolean("frozen").notNull().default(false),
  disabled: boolean("disabled").notNull().default(false),
  /** Set by operations: the member may close positions but not open new ones. */
  tradingBarred: boolean("trading_barred").notNull().default(false),
  /** Set by operations: the member may not withdraw. */
  withdrawBarred: boolean("withdraw_barred").notNull().default(false),
  /** argon2id of the fund password, which every withdrawal asks for; null until the member sets one. */
  fundPasswordHash: text("fund_password_hash"),
  /** argon2id of the optional trading PIN, which every money-moving request then carries; null: none. */
  tradingPinHash: text("trading_pin_hash"),
  /** The name on the member's approved identity document: bank cards must carry it. */
  realName: text("real_name"),
  /**
   * Its reading in katakana, as the member gave it: Japanese bank accounts carry the holder's
   * name in kana, so a card matches either this or the real name.
   */
  realNameKana: text("real_name_kana"),
  /** 0–1000, set by operations with a reason in the audit log; null until they set one. */
  creditScore: integer("credit_score"),
  createdAtMs: epochMs("created_at_ms").notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the token: a leaked table signs nobody in. */
    tokenHash: text("token_hash").primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    createdAtMs: epochMs("created_at_ms").notNull(),
    expiresAtMs: epochMs("expires_at_ms").notNull(),
    revokedAtMs: epochMs("revoked_at_ms"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_member_idx").on(table.memberId)],
);

/**
 * Failed sign-ins as counted before the throttle store (api/src/security/throttle.ts) took
 * over; nothing writes here any more. Left for a later migration to drop, so that this change
 * does not collide with migrations that grant on the existing tables.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    account: text("account").notNull(),
    ip: text("ip").notNull(),
    atMs: epochMs("at_ms").notNull(),
  },
  (table) => [
    index("login_failures_account_idx").on(table.account, table.atMs),
    index("login_failures_ip_idx").on(table.ip, table.atMs),
  ],
);

/**
 * One request for an SMS sign-in code: the requesting browser holds the challenge (a random
 * token; its hash is the key), the member's phone the code (argon2id here). Valid until
 * `expiresAtMs`, for a few attempts, once.
 */
export const smsChallenges = pgTable(
  "sms_challenges",
  {
    challengeHash: text("challenge_hash").primaryKey(),
    account: text("account").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
    expiresAtMs: epochMs("expires_at_ms").notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAtMs: epochMs("used_at_ms"),
  },
  (table) => [index("sms_challenges_expires_idx").on(table.expiresAtMs)],
);

export const watchlist = pgTable(
  "watchlist",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    symbol: text("symbol").notNull(),
    addedAtMs: epochMs("added_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.symbol] })],
);

/** Candles in integer price units (see the market rules in shared); the feed owns the rows. */
export const candles = pgTable(
  "candles",
  {
    symbol: text("symbol").notNull(),
    interval: text("interval").notNull(),
    t: epochMs("t").notNull(),
    o: bigint("o", { mode: "number" }).notNull(),
    h: bigint("h", { mode: "number" }).notNull(),
    l: bigint("l", { mode: "number" }).notNull(),
    c: bigint("c", { mode: "number" }).notNull(),
    v: bigint("v", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.interval, table.t] })],
);

/** The spec's public config entries (name, value); `title` becomes the page title. */
export const configEntries = pgTable("config_entries", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Ledger accounts: one per member, purpose and currency, and the house's own. `balance` is a
 * cache of the sum of the account's entries, kept by a trigger in the same transaction; the
 * ledger check recomputes it.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id").references(() => members.id),
    /** Member: available, held, margin, deficit. House: fees, tax, clearing, fx, loans, rewards. */
    purpose: text("purpose").notNull(),
    currency: text("currency").notNull(),
    /**
     * Minor units (yen, cents), cached for member accounts only: house accounts take an entry
     * from nearly every journal, and a cached sum there would serialise all of them.
     */
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (table) => [
    unique("ledger_accounts_owner").on(table.memberId, table.purpose, table.currency).nullsNotDistinct(),
  ],
);

/** A journal: why money moved (kind), for whom, and what business row it belongs to. */
export const journals = pgTable(
  "journals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    /** Its member must exist: checked per statement by a trigger, not a foreign key (migration 0041). */
    memberId: uuid("member_id"),
    /** The business row, e.g. `order:123`, `position:45`. */
    ref: text("ref"),
    /** The description in words: English for the server's own journals, staff's words for theirs. */
    memo: text("memo"),
    /** The server's own description as a code (`journalMemoSchema`) and its parameters; null on older rows. */
    memoCode: text("memo_code"),
    memoParams: jsonb("memo_params"),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [
    index("journals_member_idx").on(table.memberId, table.id),
    // Fund records: a member's journals newest first by time, the id breaking ties (migration 0024).
    index("journals_member_time_idx").on(table.memberId, table.createdAtMs, table.id),
  ],
);

/** Entries never change: a database trigger refuses UPDATE and DELETE, and every journal sums to zero per currency. */
export const entries = pgTable(
  "entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Its journal and account must exist: checked per statement by a trigger, not a foreign key (migration 0040). */
    journalId: bigint("journal_id", { mode: "number" }).notNull(),
    accountId: bigint("account_id", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** Signed minor units: an account's balance is the sum of its entries. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
  },
  (table) => [
    index("entries_journal_idx").on(table.journalId),
    index("entries_account_idx").on(table.accountId),
  ],
);

/** Orders as members placed them; a fill opens (or closes) a position. */
export const orders = pgTable(
  "orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Its member must exist: checked per statement by a trigger, not a foreign key (migration 0042). */
    memberId: uuid("member_id").notNull(),
    symbol: text("symbol").notNull(),
    side: text("side", { enum: ["long", "short"] }).notNull(),
    type: text("type", { enum: ["market", "limit", "stop", "stop_limit"] }).notNull(),
    /** Shares, a whole number of trading units. */
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    leverage: bigint("leverage", { mode: "number" }).notNull(),
    /** Limit orders: the price in the market's price units. */
    limitUnits: bigint("limit_units", { mode: "number" }),
    session: text("session", { enum: ["regular", "extended"] }).notNull(),
    status: text("status", { enum: ["pending", "filled", "cancelled"] }).notNull(),
    /** Money held for a pending limit order (margin and fee at the limit price), minor units. */
    heldMinor: bigint("held_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** Volume-weighted fill price as a decimal string. */
    fillPrice: text("fill_price"),
    positionId: bigint("position_id", { mode: "number" }),
    /** Stops: the last-trade price that fires it, in price units. */
    triggerUnits: bigint("trigger_units", { mode: "number" }),
    /** Stops: when it fired (set once, by a conditional update); null while it waits. */
    triggeredAtMs: epochMs("triggered_at_ms"),
    /** Stops: the trading date it is valid for; the worker cancels it after that date's close. */
    validDate: text("valid_date"),
    /** A closing stop: the holding position it closes when it fires. */
    closesPositionId: bigint("closes_position_id", { mode: "number" }),
    /** A trailing stop: how far its trigger follows the best price, in price units. */
    trailUnits: bigint("trail_units", { mode: "number" }),
    /** IFD / IFDOCO: the closing orders placed on this order's position when it fills. */
    ifdLegs: jsonb("ifd_legs").$type<AttachedUnits>(),
    /** A closing order an IFD placed: its parent, and which leg it is (one of each per parent). */
    parentOrderId: bigint("parent_order_id", { mode: "number" }),
    ifdLeg: text("ifd_leg", { enum: ["take_profit", "stop_loss"] }),
    /** Where a Tokyo order went (migration 0036): `tse`, `pts` or `smart`; null for a US order. */
    venue: text("venue", { enum: ["tse", "pts", "smart"] }),
    /** A filled order's shares done at the PTS; the rest were done at the TSE. */
    ptsQuantity: integer("pts_quantity").notNull().default(0),
    /** What the smart route saved the member against the TSE's own book, minor units. */
    savedMinor: bigint("saved_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** A TSE limit order's execution condition (migration 0038): `ioc` or `funari`; null for none. */
    condition: text("condition", { enum: ["ioc", "funari", "open", "close"] }),
    /** A PTS order: the end of the PTS session it was placed in, when the worker lapses it. */
    lapsesAtMs: epochMs("lapses_at_ms"),
    createdAtMs: epochMs("created_at_ms").notNull(),
    updatedAtMs: epochMs("updated_at_ms").notNull(),
  },
  (table) => [
    index("orders_member_idx").on(table.memberId, table.id),
    index("orders_pending_idx").on(table.symbol).where(sql`status = 'pending'`),
    index("orders_waiting_stops_idx")
      .on(table.symbol, table.side, table.triggerUnits)
      .where(sql`status = 'pending' AND trigger_units IS NOT NULL AND triggered_at_ms IS NULL`),
    index("orders_trailing_stops_idx")
      .on(table.id)
      .where(
        sql`status = 'pending' AND trail_units IS NOT NULL AND trigger_units IS NOT NULL AND triggered_at_ms IS NULL`,
      ),
    index("orders_day_orders_market_idx")
      .on(sql`split_part(${table.symbol}, ':', 1)`, table.validDate, table.id)
      .where(sql`status = 'pending' AND valid_date IS NOT NULL AND lapses_at_ms IS NULL`),
    index("orders_fillable_idx")
      .on(table.id)
      .where(sql`status = 'pending' AND (trigger_units IS NULL OR triggered_at_ms IS NOT NULL)`),
    uniqueIndex("orders_ifd_leg_idx")
      .on(table.parentOrderId, table.ifdLeg)
      .where(sql`parent_order_id IS NOT NULL`),
    index("orders_closes_position_idx")
      .on(table.closesPositionId)
      .where(sql`status = 'pending' AND closes_position_id IS NOT NULL`),
    index("orders_pts_lapse_idx")
      .on(table.lapsesAtMs, table.id)
      .where(sql`status = 'pending' AND lapses_at_ms IS NOT NULL`),
  ],
);

export const positions = pgTable(
  "positions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Its member must exist: checked per statement by a trigger, not a foreign key (migration 0042). */
    memberId: uuid("member_id").notNull(),
    symbol: text("symbol").notNull(),
    currency: text("currency").notNull(),
    side: text("side", { enum: ["long", "short"] }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    leverage: bigint("leverage", { mode: "number" }).notNull(),
    openOrderId: bigint("open_order_id", { mode: "number" }).notNull(),
    openPrice: text("open_price").notNull(),
    openNotionalMinor: bigint("open_notional_minor", { mode: "bigint" }).notNull(),
    initialMarginMinor: bigint("initial_margin_minor", { mode: "bigint" }).notNull(),
    /** Initial margin plus what the member added since. */
    marginMinor: bigint("margin_minor", { mode: "bigint" }).notNull(),
    openFeeMinor: bigint("open_fee_minor", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["holding", "closed"] }).notNull(),
    /** A locked-up position (some IPO allotments) cannot be sold before this instant. */
    lockedUntilMs: epochMs("locked_until_ms"),
    closePrice: text("close_price"),
    closeNotionalMinor: bigint("close_notional_minor", { mode: "bigint" }),
    closeFeeMinor: bigint("close_fee_minor", { mode: "bigint" }),
    closeTaxMinor: bigint("close_tax_minor", { mode: "bigint" }),
    realizedMinor: bigint("realized_minor", { mode: "bigint" }),
    closeReason: text("close_reason", { enum: ["member", "margin_call", "day_trade_cutoff"] }),
    /** Opened under the day-trade margin rule; the worker closes it at the day's cut-off. */
    dayTrade: boolean("day_trade").notNull().default(false),
    openedAtMs: epochMs("opened_at_ms").notNull(),
    closedAtMs: epochMs("closed_at_ms"),
  },
  (table) => [
    index("positions_member_idx").on(table.memberId, table.status, table.id),
    index("positions_holding_idx").on(table.symbol).where(sql`status = 'holding'`),
    index("positions_closed_idx").on(table.symbol, table.closedAtMs).where(sql`closed_at_ms is not null`),
  ],
);

/** A mutating request's first result, replayed for a retry with the same key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Its member must exist: checked per statement by a trigger, not a foreign key (migration 0042). */
    memberId: uuid("member_id").notNull(),
    key: text("key").notNull(),
    /** Method, path and body, hashed: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: bigint("status", { mode: "number" }).notNull(),
    response: text("response").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.key] })],
);

/**
 * Images members send (identity documents, deposit receipts), re-encoded without metadata and
 * stored under `storedName` in the upload folder, which nothing serves directly.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    purpose: text("purpose", { enum: ["kyc_front", "kyc_back", "receipt", "support"] }).notNull(),
    storedName: text("stored_name").notNull().unique(),
    contentType: text("content_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    width: bigint("width", { mode: "number" }).notNull(),
    height: bigint("height", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [index("uploads_member_idx").on(table.memberId)],
);

/** Real-name verification requests; the newest one per member decides its status. */
export const kycApplications = pgTable(
  "kyc_applications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    documentType: text("document_type", {
      enum: ["id_card", "driving_licence", "health_insurance"],
    }).notNull(),
    name: text("name").notNull(),
    /** The name's reading in kana, if the member gave one. */
    nameKana: text("name_kana"),
    idNumber: text("id_number").notNull(),
    frontUploadId: uuid("front_upload_id")
      .notNull()
      .references(() => uploads.id),
    backUploadId: uuid("back_upload_id")
      .notNull()
      .references(() => uploads.id),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull(),
    reason: text("reason"),
    reviewedBy: uuid("reviewed_by"),
    reviewedAtMs: epochMs("reviewed_at_ms"),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [
    index("kyc_member_idx").on(table.memberId, table.id),
    index("kyc_pending_idx").on(table.id).where(sql`status = 'pending'`),
  ],
);

export const bankCards = pgTable(
  "bank_cards",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    holderName: text("holder_name").notNull(),
    cardNumber: text("card_number").notNull(),
    cardType: text("card_type").notNull(),
    bankName: text("bank_name").notNull(),
    branchName: text("branch_name").notNull(),
    branchCode: text("branch_code").notNull(),
    ifsc: text("ifsc").notNull(),
    upi: text("upi").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
    /** Removed cards stay for the withdrawals that named them. */
    removedAtMs: epochMs("removed_at_ms"),
  },
  (table) => [
    index("bank_cards_member_idx").on(table.memberId),
    uniqueIndex("bank_cards_live_number")
      .on(table.memberId, table.cardNumber)
      .where(sql`removed_at_ms is null`),
  ],
);

/** Where members send money: a bank account operations publish, with the amounts it takes. */
export const rechargeChannels = pgTable("recharge_channels", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull(),
  /** The name in each interface language ({ja, en, zh-Hant}); null: `name` for every reader. */
  names: jsonb("names"),
  currency: text("currency").notNull(),
  accountName: text("account_name").notNull(),
  accountNumber: text("account_number").notNull(),
  bankName: text("bank_name").notNull(),
  branch: text("branch").notNull(),
  minMinor: bigint("min_minor", { mode: "bigint" }).notNull(),
  maxMinor: bigint("max_minor", { mode: "bigint" }).notNull(),
  enabled: boolean("enabled").notNull().default(true),
  createdAtMs: epochMs("created_at_ms").notNull(),
});

export const deposits = pgTable(
  "deposits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    channelId: bigint("channel_id", { mode: "number" })
      .notNull()
      .references(() => rechargeChannels.id),
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    receiptUploadId: uuid("receipt_upload_id")
      .notNull()
      .references(() => uploads.id),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull(),
    reason: text("reason"),
    journalId: bigint("journal_id", { mode: "number" }),
    reviewedBy: uuid("reviewed_by"),
    reviewedAtMs: epochMs("reviewed_at_ms"),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [
    index("deposits_member_idx").on(table.memberId, table.id),
    index("deposits_pending_idx").on(table.id).where(sql`status = 'pending'`),
  ],
);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    cardId: bigint("card_id", { mode: "number" })
      .notNull()
      .references(() => bankCards.id),
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    /** pending → checked (a first staff member prepared the payout) → approved by another, or rejected. */
    status: text("status", { enum: ["pending", "checked", "approved", "rejected"] }).notNull(),
    reason: text("reason"),
    /** The staff member who last changed it: the approver must be someone else. */
    makerStaffId: uuid("maker_staff_id"),
    payoutReference: text("payout_reference"),
    reviewedBy: uuid("reviewed_by"),
    reviewedAtMs: epochMs("reviewed_at_ms"),
    createdAtMs: epochMs("created_at_ms").notNull(),
    updatedAtMs: epochMs("updated_at_ms").notNull(),
  },
  (table) => [
    index("withdrawals_member_idx").on(table.memberId, table.id),
    index("withdrawals_open_idx").on(table.id).where(sql`status in ('pending', 'checked')`),
  ],
);

/** A rate offered to one member for a few seconds; converting uses it once. */
export const fxQuotes = pgTable(
  "fx_quotes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    fromMinor: bigint("from_minor", { mode: "bigint" }).notNull(),
    toMinor: bigint("to_minor", { mode: "bigint" }).notNull(),
    /** Units of `to` per unit of `from`, as a decimal string. */
    rate: text("rate").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
    expiresAtMs: epochMs("expires_at_ms").notNull(),
    journalId: bigint("journal_id", { mode: "number" }),
  },
  // Every quote counts the member's quotes of the last minute (the rate limit): a row is written
  // each few seconds an exchange screen is open, so the count must not scan the table.
  (table) => [index("fx_quotes_member_recent_idx").on(table.memberId, table.createdAtMs)],
);

export const staff = pgTable("staff", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  login: text("login").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: ["reviewer", "supervisor", "admin"] }).notNull(),
  passwordHash: text("password_hash").notNull(),
  disabled: boolean("disabled").notNull().default(false),
  createdAtMs: epochMs("created_at_ms").notNull(),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    createdAtMs: epochMs("created_at_ms").notNull(),
    expiresAtMs: epochMs("expires_at_ms").notNull(),
    revokedAtMs: epochMs("revoked_at_ms"),
  },
  (table) => [index("staff_sessions_staff_idx").on(table.staffId)],
);

/** Every staff action: who, what, when, before and after. A trigger refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: uuid("staff_id").references(() => staff.id),
    /** e.g. `kyc.approve`, `member.flags`, `deposit.reject`. */
    action: text("action").notNull(),
    /** e.g. `member:<uuid>`, `deposit:12`. */
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    ip: text("ip"),
    atMs: epochMs("at_ms").notNull(),
  },
  (table) => [
    index("audit_target_idx").on(table.target, table.id),
    // The audit log newest first by time, the id breaking ties (migration 0024).
    index("audit_log_time_idx").on(table.atMs, table.id),
  ],
);

/** News and announcements for the home screen, in the three interface languages. */
export const news = pgTable("news", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind", { enum: ["news", "announcement"] }).notNull(),
  /** `{ ja, en, "zh-Hant" }` */
  title: jsonb("title").$type<LocalizedText>().notNull(),
  body: jsonb("body").$type<LocalizedText>().notNull(),
  publishedAtMs: epochMs("published_at_ms").notNull(),
  withdrawnAtMs: epochMs("withdrawn_at_ms"),
});

/** A member's credit line per currency, set by operations (with a reason in the audit log). */
export const creditLines = pgTable(
  "credit_lines",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    currency: text("currency").notNull(),
    lineMinor: bigint("line_minor", { mode: "bigint" }).notNull(),
    updatedAtMs: epochMs("updated_at_ms").notNull(),
    updatedBy: uuid("updated_by"),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.currency] })],
);

/**
 * Credit loans. What is owed lives in the ledger (the member's `loan` account); the row keeps
 * each loan's share of it, the rate fixed at request, and how far its interest is posted.
 */
export const loans = pgTable(
  "loans",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected", "settled"] }).notNull(),
    annualRatePpm: integer("annual_rate_ppm").notNull(),
    principalMinor: bigint("principal_minor", { mode: "bigint" }).notNull().default(sql`0`),
    interestMinor: bigint("interest_minor", { mode: "bigint" }).notNull().default(sql`0`),
    interestCarry: bigint("interest_carry", { mode: "bigint" }).notNull().default(sql`0`),
    interestTotalMinor: bigint("interest_total_minor", { mode: "bigint" }).notNull().default(sql`0`),
    repaidMinor: bigint("repaid_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** The last Tokyo date (YYYY-MM-DD) whose interest is posted. */
    accruedThrough: text("accrued_through"),
    reason: text("reason"),
    createdAtMs: epochMs("created_at_ms").notNull(),
    decidedAtMs: epochMs("decided_at_ms"),
    decidedBy: uuid("decided_by"),
    settledAtMs: epochMs("settled_at_ms"),
  },
  (table) => [
    index("loans_member_idx").on(table.memberId, table.id),
    index("loans_status_idx").on(table.status, table.id),
  ],
);

/** Applications to day trade, reviewed by operations; one pending or approved per member. */
export const dayTradeApplications = pgTable(
  "day_trade_applications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull(),
    agreedAtMs: epochMs("agreed_at_ms").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
    decidedAtMs: epochMs("decided_at_ms"),
    decidedBy: uuid("decided_by"),
    reason: text("reason"),
  },
  (table) => [index("day_trade_applications_status_idx").on(table.status, table.id)],
);

/** Daily check-ins: one per member per Tokyo day (the key), append-only. */
export const checkins = pgTable(
  "checkins",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    tokyoDate: text("tokyo_date").notNull(),
    streak: integer("streak").notNull(),
    points: integer("points").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.tokyoDate] })],
);

/** Check-in points turned into cash, each paid by a `reward` journal; append-only. */
export const rewardConversions = pgTable(
  "reward_conversions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    points: integer("points").notNull(),
    yenMinor: bigint("yen_minor", { mode: "bigint" }).notNull(),
    journalId: bigint("journal_id", { mode: "number" })
      .notNull()
      .references(() => journals.id),
    tokyoDate: text("tokyo_date").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [index("reward_conversions_member_idx").on(table.memberId, table.id)],
);

/** A dividend paid on (or charged to) one position, once: the key on (position, dividend) decides; append-only. */
export const dividendEntitlements = pgTable(
  "dividend_entitlements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** `JP:7203@2027-03-30`: the symbol and the ex-date. */
    dividendId: text("dividend_id").notNull(),
    positionId: bigint("position_id", { mode: "number" })
      .notNull()
      .references(() => positions.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    symbol: text("symbol").notNull(),
    currency: text("currency").notNull(),
    exDate: text("ex_date").notNull(),
    side: text("side", { enum: ["long", "short"] }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    perShareUnits: bigint("per_share_units", { mode: "number" }).notNull(),
    grossMinor: bigint("gross_minor", { mode: "bigint" }).notNull(),
    withheldMinor: bigint("withheld_minor", { mode: "bigint" }).notNull(),
    netMinor: bigint("net_minor", { mode: "bigint" }).notNull(),
    journalId: bigint("journal_id", { mode: "number" })
      .notNull()
      .references(() => journals.id),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [
    unique("dividend_entitlements_once").on(table.positionId, table.dividendId),
    index("dividend_entitlements_member_idx").on(table.memberId, table.id),
  ],
);

/** Invitation rewards: one per invitee (the key), paid to the inviter by a `reward` journal; append-only. */
export const invitationRewards = pgTable(
  "invitation_rewards",
  {
    inviteeId: uuid("invitee_id")
      .primaryKey()
      .references(() => members.id),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => members.id),
    /** 0 when the year's cap had nothing left: recorded, never paid later. */
    yenMinor: bigint("yen_minor", { mode: "bigint" }).notNull(),
    journalId: bigint("journal_id", { mode: "number" }).references(() => journals.id),
    tokyoDate: text("tokyo_date").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [index("invitation_rewards_inviter_idx").on(table.inviterId, table.createdAtMs)],
);

/** Rewards operations took back, each once (the key), by an adjusting journal; append-only. */
export const rewardReversals = pgTable(
  "reward_reversals",
  {
    rewardJournalId: bigint("reward_journal_id", { mode: "number" })
      .primaryKey()
      .references(() => journals.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    journalId: bigint("journal_id", { mode: "number" })
      .notNull()
      .references(() => journals.id),
    yenMinor: bigint("yen_minor", { mode: "bigint" }).notNull(),
    staffId: uuid("staff_id").notNull(),
    reason: text("reason").notNull(),
    tokyoDate: text("tokyo_date").notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [index("reward_reversals_member_idx").on(table.memberId, table.createdAtMs)],
);

/** Price alerts (migration 0024): a member's condition on a stock; `deleted` ones keep their row. */
export const alerts = pgTable(
  "alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    symbol: text("symbol").notNull(),
    kind: text("kind", { enum: alertKinds }).notNull(),
    threshold: text("threshold").notNull(),
    frequency: text("frequency", { enum: ["once", "daily", "always"] }).notNull(),
    status: text("status", { enum: ["active", "done", "deleted"] }).notNull(),
    armed: boolean("armed").notNull().default(true),
    lastFiredDate: text("last_fired_date"),
    firedCount: integer("fired_count").notNull().default(0),
    lastFiredAtMs: epochMs("last_fired_at_ms"),
    createdAtMs: epochMs("created_at_ms").notNull(),
  },
  (table) => [index("alerts_member_idx").on(table.memberId, table.id)],
);

/** Each time an alert fired, with the quote that met it; append-only. */
export const alertNotices = pgTable(
  "alert_notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    alertId: bigint("alert_id", { mode: "number" })
      .notNull()
      .references(() => alerts.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    symbol: text("symbol").notNull(),
    kind: text("kind", { enum: alertKinds }).notNull(),
    threshold: text("threshold").notNull(),
    price: text("price").notNull(),
    changePct: text("change_pct").notNull(),
    /** Five-minute alerts: the move (percent) or the volume multiple that met the threshold. */
    figure: text("figure"),
    firedAtMs: epochMs("fired_at_ms").notNull(),
  },
  (table) => [index("alert_notices_member_idx").on(table.memberId, table.id)],
);

/** Web Push (migration 0037): a browser a member's notices are pushed to, one row per push endpoint. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    locale: text("locale", { enum: formatLocales }).notNull(),
    createdAtMs: epochMs("created_at_ms").notNull(),
    renewedAtMs: epochMs("renewed_at_ms").notNull(),
  },
  (table) => [index("push_subscriptions_member_idx").on(table.memberId)],
);

/** Embedded mode's VAPID key pair, made once at the first start; at most one row, never changed. */
export const pushVapidKeys = pgTable("push_vapid_keys", {
  id: boolean("id").primaryKey().default(true),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAtMs: epochMs("created_at_ms").notNull(),
});

/** A proof-of-liabilities snapshot: the worker's one a Tokyo day, or a supervisor's; append-only. */
export const proofSnapshots = pgTable(
  "proof_snapshots",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["daily", "on_demand"] }).notNull(),
    tokyoDate: text("tokyo_date").notNull(),
    takenAtMs: epochMs("taken_at_ms").notNull(),
    depth: integer("depth").notNull(),
    requestedBy: uuid("requested_by").references(() => staff.id),
    requestKey: text("request_key"),
  },
  (table) => [
    uniqueIndex("proof_snapshots_daily_idx").on(table.tokyoDate).where(sql`kind = 'daily'`),
    uniqueIndex("proof_snapshots_request_idx")
      .on(table.requestedBy, table.requestKey)
      .where(sql`request_key IS NOT NULL`),
    index("proof_snapshots_taken_idx").on(table.takenAtMs, table.id),
  ],
);

/** Each currency's root, total owed to members and debts owed by them, in a snapshot; append-only. */
export const proofRoots = pgTable(
  "proof_roots",
  {
    snapshotId: bigint("snapshot_id", { mode: "number" })
      .notNull()
      .references(() => proofSnapshots.id),
    currency: text("currency").notNull(),
    root: text("root").notNull(),
    total: bigint("total", { mode: "bigint" }).notNull(),
    debts: bigint("debts", { mode: "bigint" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.currency] })],
);

/** A member's leaf in one currency's tree of a snapshot: the balances counted, the salt and the path; append-only. */
export const proofLeaves = pgTable(
  "proof_leaves",
  {
    snapshotId: bigint("snapshot_id", { mode: "number" })
      .notNull()
      .references(() => proofSnapshots.id),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    currency: text("currency").notNull(),
    salt: text("salt").notNull(),
    leafIndex: integer("leaf_index").notNull(),
    available: bigint("available", { mode: "bigint" }).notNull(),
    held: bigint("held", { mode: "bigint" }).notNull(),
    margin: bigint("margin", { mode: "bigint" }).notNull(),
    copy: bigint("copy", { mode: "bigint" }).notNull(),
    /** The siblings' hashes from the leaf up, 64 hex digits each, one after another. */
    siblingHashes: text("sibling_hashes").notNull(),
    siblingSums: bigint("sibling_sums", { mode: "bigint" }).array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.memberId, table.currency] })],
);

/** The tamper-evident trail of journals: each linked to the one before it in its member's chain (migration 0026). */
export const journalLinks = pgTable(
  "journal_links",
  {
    /** Its journal must exist: checked per statement by a trigger, not a foreign key (migration 0040). */
    journalId: bigint("journal_id", { mode: "number" }).primaryKey(),
    /** The member's id, or `house`. */
    chain: text("chain").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [unique("journal_links_chain_seq_key").on(table.chain, table.seq)],
);

/** The tamper-evident trail of the audit log: one chain, in commit order (migration 0026). */
export const auditLinks = pgTable("audit_links", {
  auditId: bigint("audit_id", { mode: "number" })
    .primaryKey()
    .references(() => auditLog.id),
  seq: bigint("seq", { mode: "number" }).notNull().unique(),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull(),
});

/** The newest link of every chain of the trail as a proof snapshot was written (migration 0026). */
export const proofTrailHeads = pgTable(
  "proof_trail_heads",
  {
    snapshotId: bigint("snapshot_id", { mode: "number" })
      .notNull()
      .references(() => proofSnapshots.id),
    chain: text("chain").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.chain] })],
);

/** The digest of a snapshot's trail heads, which the public page publishes. */
export const proofTrails = pgTable("proof_trails", {
  snapshotId: bigint("snapshot_id", { mode: "number" })
    .primaryKey()
    .references(() => proofSnapshots.id),
  digest: text("digest").notNull(),
});

/**
 * The book each fill was priced against, written with the fill (migration 0031): one row per
 * opening and per close of a position; off-book fills (block trades, allotments) carry no book.
 * Append-only for the app role. `npm run fills:replay` walks it again (`fills/fill-replay.ts`).
 */
export const fillBooks = pgTable(
  "fill_books",
  {
    /** Its position and order must exist: checked per statement by a trigger, not foreign keys (migration 0042). */
    positionId: bigint("position_id", { mode: "number" }).notNull(),
    kind: text("kind").$type<"open" | "close">().notNull(),
    orderId: bigint("order_id", { mode: "number" }),
    market: text("market").notNull(),
    symbol: text("symbol").notNull(),
    side: text("side").$type<"long" | "short">().notNull(),
    quantity: integer("quantity").notNull(),
    offBook: boolean("off_book").notNull().default(false),
    epoch: text("epoch"),
    seq: bigint("seq", { mode: "number" }),
    /** A fill that walked the PTS's book: that book's epoch and seq (migration 0036). */
    ptsEpoch: text("pts_epoch"),
    ptsSeq: bigint("pts_seq", { mode: "number" }),
    seen: jsonb("seen").notNull().default([]),
    taken: jsonb("taken").notNull().default([]),
    scaledNotional: numeric("scaled_notional").notNull(),
    averageUnits: numeric("average_units").notNull(),
    price: text("price").notNull(),
    filledAtMs: bigint("filled_at_ms", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.positionId, table.kind] }),
    index("fill_books_day_idx").on(table.market, table.filledAtMs),
  ],
);
