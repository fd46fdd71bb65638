import { type ChannelNames, channelNamesSchema, type RechargeChannel } from "@kabuto/shared/api/funding";
import type { Currency } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows, type RawRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** Channels a list returns at most: a broker publishes a handful of accounts. */
const channelsMax = 100;

/** A channel as operations enter it: limits already in the currency's minor units. */
export interface ChannelFields {
  name: string;
  /** Undefined on an update: keep the names stored. */
  names?: ChannelNames | null;
  currency: Currency;
  accountName: string;
  accountNumber: string;
  bankName: string;
  branch: string;
  min: bigint;
  max: bigint;
  enabled: boolean;
}

/** A channel's stored names in each language, or null. */
export function channelNamesOf(value: unknown): ChannelNames | null {
  return value === null || value === undefined ? null : channelNamesSchema.parse(value);
}

function toChannel(row: RawRow): RechargeChannel {
  return {
    id: row.bigint("id").toString(),
    name: row.text("name"),
    names: channelNamesOf(row.json("names")),
    currency: row.currency("currency"),
    accountName: row.text("account_name"),
    accountNumber: row.text("account_number"),
    bankName: row.text("bank_name"),
    branch: row.text("branch"),
    min: row.minor("min_minor"),
    max: row.minor("max_minor"),
    enabled: row.bool("enabled"),
  };
}

/** Every channel, or only the enabled ones, in the order they were published. */
export async function listChannels(db: Db, enabledOnly: boolean): Promise<RechargeChannel[]> {
  return mapRows(
    await db.execute(sql`
        select * from recharge_channels ${enabledOnly ? sql`where enabled` : sql``}
        order by id limit ${channelsMax}`),
    toChannel,
  );
}

export async function insertChannel(tx: Tx, channel: ChannelFields, nowMs: number): Promise<RechargeChannel> {
  return mapOneRow(
    await tx.execute(sql`
          insert into recharge_channels (name, names, currency, account_name, account_number, bank_name, branch,
            min_minor, max_minor, enabled, created_at_ms)
          values (${channel.name}, ${namesJson(channel.names)}::jsonb, ${channel.currency}, ${channel.accountName}, ${channel.accountNumber},
            ${channel.bankName}, ${channel.branch}, ${channel.min.toString()}::bigint, ${channel.max.toString()}::bigint,
            ${channel.enabled}, ${nowMs})
          returning *`),
    toChannel,
  );
}

/** Locks the channel's row for the transaction; undefined when there is none. */
export async function lockChannel(tx: Tx, id: number): Promise<RechargeChannel | undefined> {
  const [channel] = mapRows(
    await tx.execute(sql`select * from recharge_channels where id = ${id} for update`),
    toChannel,
  );
  return channel;
}

/** Rewrites a channel the transaction has locked, and answers it as it now is. */
export async function updateChannel(tx: Tx, id: number, channel: ChannelFields): Promise<RechargeChannel> {
  return mapOneRow(
    await tx.execute(sql`
          update recharge_channels set name = ${channel.name},
            names = ${channel.names === undefined ? sql`names` : sql`${namesJson(channel.names)}::jsonb`},
            currency = ${channel.currency},
            account_name = ${channel.accountName}, account_number = ${channel.accountNumber},
            bank_name = ${channel.bankName}, branch = ${channel.branch}, min_minor = ${channel.min.toString()}::bigint,
            max_minor = ${channel.max.toString()}::bigint, enabled = ${channel.enabled}
          where id = ${id} returning *`),
    toChannel,
  );
}

function namesJson(names: ChannelNames | null | undefined): string | null {
  return names ? JSON.stringify(names) : null;
}
