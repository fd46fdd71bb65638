import type { AlertFrequency, AlertKind } from "@kabuto/shared/alerts/rules";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import { alertNotices, alerts } from "../db/schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select">;

export interface AlertRow {
  id: number;
  memberId: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  frequency: AlertFrequency;
  status: "active" | "done" | "deleted";
  armed: boolean;
  lastFiredDate: string | null;
  firedCount: number;
  lastFiredAtMs: number | null;
  createdAtMs: number;
}

export interface AlertNoticeRow {
  id: number;
  alertId: number;
  memberId: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  price: string;
  changePct: string;
  figure: string | null;
  firedAtMs: number;
}

/** The member's alerts that are not deleted, newest first. */
export async function memberAlerts(db: Reader, memberId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.memberId, memberId), ne(alerts.status, "deleted")))
    .orderBy(desc(alerts.id));
}

export async function activeAlertCount(db: Reader, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.memberId, memberId), eq(alerts.status, "active")));
  return row?.n ?? 0;
}

export async function insertAlert(
  tx: Pick<Db, "insert">,
  alert: {
    memberId: string;
    symbol: string;
    kind: AlertKind;
    threshold: string;
    frequency: AlertFrequency;
    nowMs: number;
  },
): Promise<AlertRow> {
  const [row] = await tx
    .insert(alerts)
    .values({
      memberId: alert.memberId,
      symbol: alert.symbol,
      kind: alert.kind,
      threshold: alert.threshold,
      frequency: alert.frequency,
      status: "active",
      createdAtMs: alert.nowMs,
    })
    .returning();
  if (!row) throw new Error("alert insert returned no row");
  return row;
}

/** Marks the member's alert deleted; whether the member has such an alert at all. */
export async function deleteAlert(db: Pick<Db, "update">, memberId: string, id: number): Promise<boolean> {
  // One statement: deleting again matches the row and changes nothing; another's matches none.
  const rows = await db
    .update(alerts)
    .set({ status: "deleted" })
    .where(and(eq(alerts.id, id), eq(alerts.memberId, memberId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** Active alerts, oldest first, for one worker pass. */
export async function activeAlerts(db: Reader, limit: number): Promise<AlertRow[]> {
  return db.select().from(alerts).where(eq(alerts.status, "active")).orderBy(alerts.id).limit(limit);
}

/**
 * Fires an alert if it is still as the worker saw it: active, armed, and (a daily one) not fired on
 * `date` yet. The conditional update is what makes two workers fire it once. Returns the row as
 * fired, or undefined when another pass got there first.
 */
export async function fireAlert(
  tx: Tx,
  id: number,
  date: string,
  nowMs: number,
): Promise<AlertRow | undefined> {
  const [row] = await tx
    .update(alerts)
    .set({
      firedCount: sql`${alerts.firedCount} + 1`,
      lastFiredAtMs: nowMs,
      lastFiredDate: date,
      armed: sql`${alerts.frequency} <> 'always'`,
      status: sql`case when ${alerts.frequency} = 'once' then 'done' else 'active' end`,
    })
    .where(
      and(
        eq(alerts.id, id),
        eq(alerts.status, "active"),
        eq(alerts.armed, true),
        sql`(${alerts.frequency} <> 'daily' or ${alerts.lastFiredDate} is distinct from ${date})`,
      ),
    )
    .returning();
  return row;
}

/** An every-time alert whose condition stopped holding may fire again. */
export async function rearmAlert(db: Pick<Db, "update">, id: number): Promise<void> {
  await db
    .update(alerts)
    .set({ armed: true })
    .where(and(eq(alerts.id, id), eq(alerts.status, "active"), eq(alerts.armed, false)));
}

export async function insertNotice(
  tx: Pick<Db, "insert">,
  notice: Omit<AlertNoticeRow, "id">,
): Promise<AlertNoticeRow> {
  const [row] = await tx.insert(alertNotices).values(notice).returning();
  if (!row) throw new Error("alert notice insert returned no row");
  return row;
}

/** The member's latest notices, newest first. */
export async function memberNotices(db: Reader, memberId: string, limit: number): Promise<AlertNoticeRow[]> {
  return db
    .select()
    .from(alertNotices)
    .where(eq(alertNotices.memberId, memberId))
    .orderBy(desc(alertNotices.id))
    .limit(limit);
}

/**
 * A stock's average daily volume over its last `days` sessions before the newest (today's, maybe
 * still trading), from the feed's daily candles; undefined with no history.
 */
export async function averageDailyVolume(db: Db, symbol: string, days: number): Promise<number | undefined> {
  const [average] = mapRows(
    await db.execute(sql`
      select avg(v)::text as average from (
        select v from candles where symbol = ${symbol} and interval = '1d'
        order by t desc offset 1 limit ${days}) as days`),
    (row) => row.textOrNull("average"),
  );
  return average === null || average === undefined ? undefined : Number(average);
}
