import type { RechargeChannel } from "@kabuto/shared";
import { decimalToMinor, rechargeChannelInputSchema, rechargeChannelUpdateSchema } from "@kabuto/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import { AppError } from "../errors.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../ops/audit.ts";
import type { StaffMember } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";
import { toChannel } from "./funding.repo.ts";

/** Channels a list returns at most: a broker publishes a handful of accounts. */
const channelsMax = 100;

export interface StaffContext {
  nowMs: number;
  ip: string;
}

/** Where members send money: bank accounts operations publish, each with the amounts it takes. */
export class ChannelsService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Every channel for operations; only enabled ones for members. */
  async list(enabledOnly: boolean): Promise<RechargeChannel[]> {
    const rows = rowsOf(
      await this.db.execute(sql`
        select * from recharge_channels ${enabledOnly ? sql`where enabled` : sql``}
        order by id limit ${channelsMax}`),
    );
    return rows.map(toChannel);
  }

  /**
   * Publishes a channel. `staff` is null only for the embedded demo's seed, which the audit log
   * then records with no staff actor, as it does the first admin.
   */
  async create(input: unknown, staff: StaffMember | null, context: StaffContext): Promise<RechargeChannel> {
    const channel = parseChannel(validate(rechargeChannelInputSchema, input));
    return this.db.transaction(async (tx) => {
      const [row] = rowsOf(
        await tx.execute(sql`
          insert into recharge_channels (name, currency, account_name, account_number, bank_name, branch,
            min_minor, max_minor, enabled, created_at_ms)
          values (${channel.name}, ${channel.currency}, ${channel.accountName}, ${channel.accountNumber},
            ${channel.bankName}, ${channel.branch}, ${channel.min.toString()}::bigint, ${channel.max.toString()}::bigint,
            ${channel.enabled}, ${context.nowMs})
          returning *`),
      );
      const created = toChannel(row as Record<string, unknown>);
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "channel.create",
        target: `recharge_channel:${created.id}`,
        after: created,
        ip: context.ip,
        atMs: context.nowMs,
      });
      return created;
    });
  }

  async update(
    id: string,
    input: unknown,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<RechargeChannel> {
    const channelId = numericId(id, "CHANNEL_NOT_FOUND");
    const channel = parseChannel(validate(rechargeChannelUpdateSchema, input));
    return this.db.transaction(async (tx) => {
      const [before] = rowsOf(
        await tx.execute(sql`select * from recharge_channels where id = ${channelId} for update`),
      );
      if (!before) throw new AppError("CHANNEL_NOT_FOUND");
      const [row] = rowsOf(
        await tx.execute(sql`
          update recharge_channels set name = ${channel.name}, currency = ${channel.currency},
            account_name = ${channel.accountName}, account_number = ${channel.accountNumber},
            bank_name = ${channel.bankName}, branch = ${channel.branch}, min_minor = ${channel.min.toString()}::bigint,
            max_minor = ${channel.max.toString()}::bigint, enabled = ${channel.enabled}
          where id = ${channelId} returning *`),
      );
      const updated = toChannel(row as Record<string, unknown>);
      await recordAudit(tx, {
        staffId: staff.id,
        action: "channel.update",
        target: `recharge_channel:${updated.id}`,
        before: toChannel(before),
        after: updated,
        ip: context.ip,
        atMs: context.nowMs,
      });
      return updated;
    });
  }
}

type ChannelFields = ReturnType<typeof rechargeChannelInputSchema.parse>;

/** The limits in the channel currency's minor units: both positive, the minimum no more than the maximum. */
function parseChannel(fields: ChannelFields) {
  const min = decimalToMinor(fields.min, fields.currency);
  const max = decimalToMinor(fields.max, fields.currency);
  if (min === undefined || min <= 0n)
    throw new AppError("AMOUNT_INVALID", { fields: { min: "AMOUNT_INVALID" } });
  if (max === undefined || max <= 0n)
    throw new AppError("AMOUNT_INVALID", { fields: { max: "AMOUNT_INVALID" } });
  if (min > max) throw new AppError("AMOUNT_ABOVE_MAXIMUM", { fields: { min: "AMOUNT_ABOVE_MAXIMUM" } });
  return { ...fields, min, max };
}
