import {
  type ExclusionReason,
  exclusionReasons,
  type OfferingStage,
  type OfferingTimeline,
  offeringStages,
  type SubscriptionState,
  subscriptionStates,
} from "@kabuto/shared/ipo/rules";
import { type Currency, type Market, marketCurrency } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows, type RawRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** An offering as the service works with it: money as bigint, dates as the exchange's ISO dates. */
export interface OfferingRow {
  id: number;
  code: string;
  market: Market;
  currency: Currency;
  nameJa: string;
  nameEn: string;
  nameZhHant: string;
  sector: string;
  bandLowMinor: bigint;
  bandHighMinor: bigint;
  offerPriceMinor: bigint | null;
  unitsOffered: number;
  bookOpenDate: string;
  bookCloseDate: string;
  priceDate: string;
  paymentEndDate: string;
  listingDate: string;
  lockupDays: number;
  releaseMultiplePpm: number | null;
  stage: OfferingStage;
  seed: string;
  commitment: string;
  lapsedAtMs: number | null;
  /** The demo time scale's instants, which window it instead of its dates; null for any other. */
  timeline: OfferingTimeline | null;
  createdAtMs: number;
  updatedAtMs: number;
}

const instant = z.number().int();
const timelineSchema = z.object({
  bookOpenMs: instant,
  bookCloseMs: instant,
  priceMs: instant,
  drawMs: instant,
  paymentEndMs: instant,
  waitlistPaymentEndMs: instant,
  listingMs: instant,
  lockUpEndMs: instant,
});

/** What operations give to create or edit an offering; the rest is the service's. */
export type OfferingFields = Omit<
  OfferingRow,
  | "id"
  | "currency"
  | "offerPriceMinor"
  | "stage"
  | "seed"
  | "commitment"
  | "lapsedAtMs"
  | "createdAtMs"
  | "updatedAtMs"
>;

function marketOf(row: RawRow): Market {
  const market = row.text("market");
  if (market !== "JP" && market !== "US") throw new Error(`offering in market ${market}`);
  return market;
}

function toOfferingRow(row: RawRow): OfferingRow {
  const market = marketOf(row);
  const stage = offeringStages.find((candidate) => candidate === row.text("stage"));
  if (!stage) throw new Error(`offering stage ${row.text("stage")}`);
  return {
    id: row.int("id"),
    code: row.text("code"),
    market,
    currency: marketCurrency[market],
    nameJa: row.text("name_ja"),
    nameEn: row.text("name_en"),
    nameZhHant: row.text("name_zh_hant"),
    sector: row.text("sector"),
    bandLowMinor: row.bigint("band_low_minor"),
    bandHighMinor: row.bigint("band_high_minor"),
    offerPriceMinor: row.bigintOrNull("offer_price_minor"),
    unitsOffered: row.int("units_offered"),
    bookOpenDate: row.text("book_open_date"),
    bookCloseDate: row.text("book_close_date"),
    priceDate: row.text("price_date"),
    paymentEndDate: row.text("payment_end_date"),
    listingDate: row.text("listing_date"),
    lockupDays: row.int("lockup_days"),
    releaseMultiplePpm: row.intOrNull("release_multiple_ppm"),
    stage,
    seed: row.text("seed"),
    commitment: row.text("commitment"),
    lapsedAtMs: row.intOrNull("lapsed_at_ms"),
    timeline: row.json("timeline") === null ? null : timelineSchema.parse(row.json("timeline")),
    createdAtMs: row.int("created_at_ms"),
    updatedAtMs: row.int("updated_at_ms"),
  };
}

export async function insertOffering(
  tx: Tx,
  fields: OfferingFields & { seed: string; commitment: string; nowMs: number },
): Promise<OfferingRow> {
  return mapOneRow(
    await tx.execute(sql`
      insert into ipo_offerings (code, market, name_ja, name_en, name_zh_hant, sector, band_low_minor,
        band_high_minor, units_offered, book_open_date, book_close_date, price_date, payment_end_date,
        listing_date, lockup_days, release_multiple_ppm, timeline, seed, commitment, created_at_ms, updated_at_ms)
      values (${fields.code}, ${fields.market}, ${fields.nameJa}, ${fields.nameEn}, ${fields.nameZhHant},
        ${fields.sector}, ${fields.bandLowMinor.toString()}::bigint, ${fields.bandHighMinor.toString()}::bigint,
        ${fields.unitsOffered}, ${fields.bookOpenDate}, ${fields.bookCloseDate}, ${fields.priceDate},
        ${fields.paymentEndDate}, ${fields.listingDate}, ${fields.lockupDays}, ${fields.releaseMultiplePpm},
        ${fields.timeline === null ? null : JSON.stringify(fields.timeline)}::jsonb, ${fields.seed}, ${fields.commitment}, ${fields.nowMs}, ${fields.nowMs})
      returning *`),
    toOfferingRow,
  );
}

export async function updateOffering(
  tx: Tx,
  id: number,
  fields: OfferingFields,
  nowMs: number,
): Promise<void> {
  await tx.execute(sql`
    update ipo_offerings set code = ${fields.code}, market = ${fields.market}, name_ja = ${fields.nameJa},
      name_en = ${fields.nameEn}, name_zh_hant = ${fields.nameZhHant}, sector = ${fields.sector},
      band_low_minor = ${fields.bandLowMinor.toString()}::bigint, band_high_minor = ${fields.bandHighMinor.toString()}::bigint,
      units_offered = ${fields.unitsOffered}, book_open_date = ${fields.bookOpenDate},
      book_close_date = ${fields.bookCloseDate}, price_date = ${fields.priceDate},
      payment_end_date = ${fields.paymentEndDate}, listing_date = ${fields.listingDate},
      lockup_days = ${fields.lockupDays}, release_multiple_ppm = ${fields.releaseMultiplePpm},
      updated_at_ms = ${nowMs}
    where id = ${id}`);
}

export async function offeringById(tx: Tx | Db, id: number, lock = false): Promise<OfferingRow | undefined> {
  const [row] = mapRows(
    await tx.execute(
      lock
        ? sql`select * from ipo_offerings where id = ${id} for update`
        : sql`select * from ipo_offerings where id = ${id}`,
    ),
    toOfferingRow,
  );
  return row;
}

export async function offeringCodeTaken(tx: Tx, code: string, exceptId: number | null): Promise<boolean> {
  const rows = mapRows(
    await tx.execute(sql`select id from ipo_offerings where code = ${code} and id <> ${exceptId ?? 0}`),
    (row) => row.int("id"),
  );
  return rows.length > 0;
}

/** Offerings a list shows: every one that is not long listed, newest listing last. */
const offeringsPageMax = 200;

export async function allOfferings(db: Db): Promise<OfferingRow[]> {
  return mapRows(
    await db.execute(
      sql`select * from ipo_offerings order by book_open_date desc, id desc limit ${offeringsPageMax}`,
    ),
    toOfferingRow,
  );
}

export async function setStage(
  tx: Tx,
  id: number,
  change: { stage: OfferingStage; offerPriceMinor?: bigint; lapsedAtMs?: number; nowMs: number },
): Promise<void> {
  await tx.execute(sql`
    update ipo_offerings set stage = ${change.stage},
      offer_price_minor = coalesce(${change.offerPriceMinor?.toString() ?? null}::bigint, offer_price_minor),
      lapsed_at_ms = coalesce(${change.lapsedAtMs ?? null}::bigint, lapsed_at_ms),
      updated_at_ms = ${change.nowMs}
    where id = ${id}`);
}

/** Offerings the worker has something to do for at `nowMs`: a payment deadline passed, or listing day. */
export async function offeringsDue(db: Db): Promise<number[]> {
  return mapRows(
    await db.execute(sql`select id from ipo_offerings where stage = 'drawn' order by id`),
    (row) => row.int("id"),
  );
}

/** Live demand: units and members of declarations that still take part (not cancelled or excluded). */
export async function demandOf(
  tx: Tx | Db,
  offeringIds: readonly number[],
): Promise<Map<number, { units: number; members: number }>> {
  if (offeringIds.length === 0) return new Map();
  const rows = mapRows(
    await tx.execute(sql`
      select offering_id, coalesce(sum(units), 0) as units, count(*) as members from ipo_subscriptions
      where offering_id = any(${sql.param(offeringIds)}::bigint[]) and state not in ('cancelled', 'excluded')
      group by offering_id`),
    (row) => ({ id: row.int("offering_id"), units: row.int("units"), members: row.int("members") }),
  );
  return new Map(rows.map((row) => [row.id, { units: row.units, members: row.members }]));
}

/** Demand by declared price (null: strike), highest first, for operations' price decision. */
export async function demandByPrice(
  db: Db,
  offeringId: number,
): Promise<{ priceMinor: bigint | null; units: number; members: number }[]> {
  return mapRows(
    await db.execute(sql`
      select price_minor, sum(units) as units, count(*) as members from ipo_subscriptions
      where offering_id = ${offeringId} and state <> 'cancelled'
      group by price_minor order by price_minor desc nulls first`),
    (row) => ({
      priceMinor: row.bigintOrNull("price_minor"),
      units: row.int("units"),
      members: row.int("members"),
    }),
  );
}

export async function stateCounts(
  db: Db,
  offeringId: number,
): Promise<{ state: SubscriptionState; count: number }[]> {
  return mapRows(
    await db.execute(sql`
      select state, count(*) as count from ipo_subscriptions where offering_id = ${offeringId}
      group by state order by state`),
    (row) => ({ state: subscriptionStateOf(row.text("state")), count: row.int("count") }),
  );
}

// Subscriptions

export interface SubscriptionRow {
  id: number;
  offeringId: number;
  memberId: string;
  priceMinor: bigint | null;
  units: number;
  salt: string;
  state: SubscriptionState;
  exclusion: ExclusionReason | null;
  unitsWon: number;
  waitlistPlace: number | null;
  payByMs: number | null;
  paidMinor: bigint | null;
  paymentJournalId: number | null;
  positionId: number | null;
  createdAtMs: number;
  updatedAtMs: number;
}

function subscriptionStateOf(text: string): SubscriptionState {
  const state = subscriptionStates.find((candidate) => candidate === text);
  if (!state) throw new Error(`subscription state ${text}`);
  return state;
}

function toSubscriptionRow(row: RawRow): SubscriptionRow {
  const exclusion = row.textOrNull("exclusion");
  return {
    id: row.int("id"),
    offeringId: row.int("offering_id"),
    memberId: row.text("member_id"),
    priceMinor: row.bigintOrNull("price_minor"),
    units: row.int("units"),
    salt: row.text("salt"),
    state: subscriptionStateOf(row.text("state")),
    exclusion: exclusion === null ? null : (exclusionReasons.find((reason) => reason === exclusion) ?? null),
    unitsWon: row.int("units_won"),
    waitlistPlace: row.intOrNull("waitlist_place"),
    payByMs: row.intOrNull("pay_by_ms"),
    paidMinor: row.bigintOrNull("paid_minor"),
    paymentJournalId: row.intOrNull("payment_journal_id"),
    positionId: row.intOrNull("position_id"),
    createdAtMs: row.int("created_at_ms"),
    updatedAtMs: row.int("updated_at_ms"),
  };
}

export async function insertSubscription(
  tx: Tx,
  input: {
    offeringId: number;
    memberId: string;
    priceMinor: bigint | null;
    units: number;
    salt: string;
    nowMs: number;
  },
): Promise<SubscriptionRow> {
  return mapOneRow(
    await tx.execute(sql`
      insert into ipo_subscriptions (offering_id, member_id, price_minor, units, salt, state, created_at_ms, updated_at_ms)
      values (${input.offeringId}, ${input.memberId}, ${input.priceMinor?.toString() ?? null}::bigint, ${input.units},
        ${input.salt}, 'declared', ${input.nowMs}, ${input.nowMs})
      returning *`),
    toSubscriptionRow,
  );
}

export async function subscriptionById(
  tx: Tx | Db,
  id: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const [row] = mapRows(
    await tx.execute(
      lock
        ? sql`select * from ipo_subscriptions where id = ${id} for update`
        : sql`select * from ipo_subscriptions where id = ${id}`,
    ),
    toSubscriptionRow,
  );
  return row;
}

/** The member's live (not cancelled) subscription to an offering. */
export async function liveSubscription(
  tx: Tx | Db,
  offeringId: number,
  memberId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = mapRows(
    await tx.execute(sql`
      select * from ipo_subscriptions where offering_id = ${offeringId} and member_id = ${memberId}
        and state <> 'cancelled'`),
    toSubscriptionRow,
  );
  return row;
}

/** Subscriptions a record page shows: years of new shares for an active member. */
const subscriptionsPageMax = 200;

export async function memberSubscriptions(db: Db, memberId: string): Promise<SubscriptionRow[]> {
  return mapRows(
    await db.execute(sql`
      select * from ipo_subscriptions where member_id = ${memberId} order by id desc limit ${subscriptionsPageMax}`),
    toSubscriptionRow,
  );
}

/** An offering's subscriptions in some states, by id (the waitlist by its place), locked. */
export async function subscriptionsIn(
  tx: Tx,
  offeringId: number,
  states: readonly SubscriptionState[],
): Promise<SubscriptionRow[]> {
  return mapRows(
    await tx.execute(sql`
      select * from ipo_subscriptions where offering_id = ${offeringId} and state = any(${sql.param(states)}::text[])
      order by waitlist_place nulls last, id for update`),
    toSubscriptionRow,
  );
}

/** Writes a subscription's changed columns. */
export async function saveSubscription(tx: Tx, row: SubscriptionRow, nowMs: number): Promise<void> {
  await tx.execute(sql`
    update ipo_subscriptions set price_minor = ${row.priceMinor?.toString() ?? null}::bigint, units = ${row.units},
      state = ${row.state}, exclusion = ${row.exclusion}, units_won = ${row.unitsWon},
      waitlist_place = ${row.waitlistPlace}, pay_by_ms = ${row.payByMs},
      paid_minor = ${row.paidMinor?.toString() ?? null}::bigint, payment_journal_id = ${row.paymentJournalId},
      position_id = ${row.positionId}, updated_at_ms = ${nowMs}
    where id = ${row.id}`);
}

/** Writes the draw's outcome for many subscriptions in one statement. */
export async function saveDrawOutcome(
  tx: Tx,
  rows: readonly SubscriptionRow[],
  nowMs: number,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ipo_subscriptions s set state = v.state, exclusion = v.exclusion, units_won = v.units_won,
      waitlist_place = v.waitlist_place, pay_by_ms = v.pay_by_ms, updated_at_ms = ${nowMs}
    from (select unnest(${sql.param(rows.map((r) => r.id))}::bigint[]) as id,
                 unnest(${sql.param(rows.map((r) => r.state))}::text[]) as state,
                 unnest(${sql.param(rows.map((r) => r.exclusion))}::text[]) as exclusion,
                 unnest(${sql.param(rows.map((r) => r.unitsWon))}::integer[]) as units_won,
                 unnest(${sql.param(rows.map((r) => r.waitlistPlace))}::integer[]) as waitlist_place,
                 unnest(${sql.param(rows.map((r) => r.payByMs))}::bigint[]) as pay_by_ms) v
    where s.id = v.id`);
}

/** Members' available cash in a currency (0 for a member with none). */
export async function availableOf(
  tx: Tx,
  memberIds: readonly string[],
  currency: Currency,
): Promise<Map<string, bigint>> {
  if (memberIds.length === 0) return new Map();
  const rows = mapRows(
    await tx.execute(sql`
      select member_id, balance from ledger_accounts
      where member_id = any(${sql.param([...new Set(memberIds)])}::uuid[]) and purpose = 'available' and currency = ${currency}`),
    (row) => ({ memberId: row.text("member_id"), balance: row.bigint("balance") }),
  );
  return new Map(rows.map((row) => [row.memberId, row.balance]));
}

export async function isVerified(tx: Tx, memberId: string): Promise<boolean> {
  const [row] = mapRows(
    await tx.execute(sql`select verification from members where id = ${memberId}`),
    (row) => row.text("verification"),
  );
  return row === "verified";
}

// The published draw

export interface DrawRow {
  seed: string;
  unitsOffered: number;
  entries: { hash: string; units: number }[];
  won: { hash: string; units: number }[];
  waitlist: string[];
  drawnAtMs: number;
}

export async function insertDraw(tx: Tx, offeringId: number, draw: DrawRow): Promise<void> {
  await tx.execute(sql`
    insert into ipo_draws (offering_id, seed, units_offered, entries, won, waitlist, drawn_at_ms)
    values (${offeringId}, ${draw.seed}, ${draw.unitsOffered}, ${JSON.stringify(draw.entries)}::jsonb,
      ${JSON.stringify(draw.won)}::jsonb, ${JSON.stringify(draw.waitlist)}::jsonb, ${draw.drawnAtMs})`);
}

const drawEntriesSchema = z.array(z.object({ hash: z.string(), units: z.number().int() }));

export async function drawOf(db: Db, offeringId: number): Promise<DrawRow | undefined> {
  const [row] = mapRows(
    await db.execute(sql`select * from ipo_draws where offering_id = ${offeringId}`),
    (row) => ({
      seed: row.text("seed"),
      unitsOffered: row.int("units_offered"),
      entries: drawEntriesSchema.parse(row.json("entries")),
      won: drawEntriesSchema.parse(row.json("won")),
      waitlist: z.array(z.string()).parse(row.json("waitlist")),
      drawnAtMs: row.int("drawn_at_ms"),
    }),
  );
  return row;
}

// Listing day

/** Offerings that have listed, as the catalogs and the feed take them. */
export async function listedOfferings(db: Pick<Db, "execute">): Promise<OfferingRow[]> {
  return mapRows(
    await db.execute(sql`select * from ipo_offerings where stage = 'listed' order by id`),
    toOfferingRow,
  );
}

/** Allotted positions still locked up at `nowMs`, by offering: only offerings that have any. */
export async function lockedAllotments(db: Db, nowMs: number): Promise<Map<number, number[]>> {
  const rows = mapRows(
    await db.execute(sql`
      select s.offering_id, p.id from ipo_subscriptions s join positions p on p.id = s.position_id
      where s.state = 'allotted' and p.status = 'holding' and p.locked_until_ms > ${nowMs}`),
    (row) => ({ offeringId: row.int("offering_id"), positionId: row.int("id") }),
  );
  const byOffering = new Map<number, number[]>();
  for (const { offeringId, positionId } of rows) {
    byOffering.set(offeringId, [...(byOffering.get(offeringId) ?? []), positionId]);
  }
  return byOffering;
}

/** Ends the lock-up of these positions now (the price reached the early-release multiple). */
export async function releaseLockUps(tx: Tx, positionIds: readonly number[], nowMs: number): Promise<void> {
  if (positionIds.length === 0) return;
  await tx.execute(sql`
    update positions set locked_until_ms = ${nowMs}
    where id = any(${sql.param(positionIds)}::bigint[]) and locked_until_ms > ${nowMs}`);
}
