import type { RechargeChannel } from "@kabuto/shared/api/funding";
import { rechargeChannelInputSchema, rechargeChannelUpdateSchema } from "@kabuto/shared/api/funding";
import { decimalToMinor } from "@kabuto/shared/money";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { validate } from "../validate.ts";
import {
  type ChannelFields,
  insertChannel,
  listChannels,
  lockChannel,
  updateChannel,
} from "./channels.repo.ts";

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
    return listChannels(this.db, enabledOnly);
  }

  /**
   * Publishes a channel. `staff` is null only for the embedded demo's seed, which the audit log
   * then records with no staff actor, as it does the first admin.
   */
  async create(input: unknown, staff: StaffMember | null, context: StaffContext): Promise<RechargeChannel> {
    const channel = parseChannel(validate(rechargeChannelInputSchema, input));
    return this.db.transaction(async (tx) => {
      const created = await insertChannel(tx, channel, context.nowMs);
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
      const before = await lockChannel(tx, channelId);
      if (!before) throw new AppError("CHANNEL_NOT_FOUND");
      const updated = await updateChannel(tx, channelId, channel);
      await recordAudit(tx, {
        staffId: staff.id,
        action: "channel.update",
        target: `recharge_channel:${updated.id}`,
        before,
        after: updated,
        ip: context.ip,
        atMs: context.nowMs,
      });
      return updated;
    });
  }
}

type ChannelInput = ReturnType<typeof rechargeChannelInputSchema.parse>;

/** The limits in the channel currency's minor units: both positive, the minimum no more than the maximum. */
function parseChannel(fields: ChannelInput): ChannelFields {
  const min = decimalToMinor(fields.min, fields.currency);
  const max = decimalToMinor(fields.max, fields.currency);
  if (min === undefined || min <= 0n)
    throw new AppError("AMOUNT_INVALID", { fields: { min: "AMOUNT_INVALID" } });
  if (max === undefined || max <= 0n)
    throw new AppError("AMOUNT_INVALID", { fields: { max: "AMOUNT_INVALID" } });
  if (min > max) throw new AppError("AMOUNT_ABOVE_MAXIMUM", { fields: { min: "AMOUNT_ABOVE_MAXIMUM" } });
  return { ...fields, min, max };
}
