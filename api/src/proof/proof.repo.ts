import type { Currency } from "@kabuto/shared/symbols";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import { proofLeaves, proofRoots, proofSnapshots, proofTrails } from "../db/schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select" | "execute">;

/** What the broker owes one member in one currency, by purpose, and what they owe it, in minor units. */
export interface OwedRow {
  memberId: string;
  currency: Currency;
  available: bigint;
  held: bigint;
  margin: bigint;
  copy: bigint;
  /** Deficits and loans: what the member owes the house, as a positive amount. */
  debts: bigint;
}

/**
 * Every member's money in every currency any member holds (and yen always), in one statement, so
 * the whole snapshot is one consistent read of the ledger's cached balances, which the entry
 * trigger moves in the same transaction as each journal. A member without an account in a
 * currency is owed nothing in it, and still gets a leaf: a tree of only some members would say
 * who holds dollars.
 */
export async function owedToMembers(db: Reader): Promise<OwedRow[]> {
  const result = await db.execute(sql`
    with currencies as (
      select 'JPY' as currency
      union select distinct currency from ledger_accounts where member_id is not null
    )
    select m.id as member_id, c.currency,
      coalesce(sum(a.balance) filter (where a.purpose = 'available'), 0) as available,
      coalesce(sum(a.balance) filter (where a.purpose = 'held'), 0) as held,
      coalesce(sum(a.balance) filter (where a.purpose = 'margin'), 0) as margin,
      coalesce(sum(a.balance) filter (where a.purpose = 'copy'), 0) as copy,
      coalesce(sum(greatest(-a.balance, 0)) filter (where a.purpose in ('deficit', 'loan')), 0) as debts
    from members m
    cross join currencies c
    left join ledger_accounts a on a.member_id = m.id and a.currency = c.currency
    group by m.id, c.currency
    order by c.currency, m.id`);
  return mapRows(result, (row) => ({
    memberId: row.text("member_id"),
    currency: row.currency("currency"),
    available: row.bigint("available"),
    held: row.bigint("held"),
    margin: row.bigint("margin"),
    copy: row.bigint("copy"),
    debts: row.bigint("debts"),
  }));
}

export interface SnapshotRow {
  id: number;
  kind: "daily" | "on_demand";
  tokyoDate: string;
  takenAtMs: number;
  depth: number;
  trailDigest: string | null;
}

export interface RootRow {
  snapshotId: number;
  currency: string;
  root: string;
  total: bigint;
  debts: bigint;
}

export interface LeafRow {
  memberId: string;
  currency: string;
  salt: string;
  leafIndex: number;
  available: bigint;
  held: bigint;
  margin: bigint;
  copy: bigint;
  siblingHashes: string;
  siblingSums: bigint[];
}

export interface NewSnapshot {
  kind: "daily" | "on_demand";
  tokyoDate: string;
  takenAtMs: number;
  depth: number;
  requestedBy: string | null;
  requestKey: string | null;
}

/**
 * Adds a snapshot's row; undefined when its place is taken (the day's daily snapshot, or this
 * staff member's key), which the caller reads back instead. A conflicting insert that is not yet
 * committed makes this one wait for it, so two workers or two retries take one snapshot.
 */
export async function insertSnapshot(tx: Tx, snapshot: NewSnapshot): Promise<number | undefined> {
  const [row] = await tx
    .insert(proofSnapshots)
    .values(snapshot)
    .onConflictDoNothing()
    .returning({ id: proofSnapshots.id });
  return row?.id;
}

/**
 * Leaves per insert statement: each batch goes as one JSON parameter, unpacked by PostgreSQL, so a
 * hundred thousand members' leaves are a few dozen round trips rather than one per few hundred
 * rows; 2,000 leaves of some 1.7 kB each keep a statement near 3 MB.
 */
const leavesPerInsert = 2_000;

export async function insertRootsAndLeaves(
  tx: Tx,
  snapshotId: number,
  roots: Omit<RootRow, "snapshotId">[],
  leaves: Iterable<LeafRow>,
): Promise<void> {
  if (roots.length > 0) await tx.insert(proofRoots).values(roots.map((root) => ({ ...root, snapshotId })));
  let batch: LeafRow[] = [];
  for (const leaf of leaves) {
    batch.push(leaf);
    if (batch.length === leavesPerInsert) {
      await insertLeaves(tx, snapshotId, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insertLeaves(tx, snapshotId, batch);
}

async function insertLeaves(tx: Tx, snapshotId: number, leaves: LeafRow[]): Promise<void> {
  const json = JSON.stringify(
    leaves.map((leaf) => ({
      member_id: leaf.memberId,
      currency: leaf.currency,
      salt: leaf.salt,
      leaf_index: leaf.leafIndex,
      available: leaf.available.toString(),
      held: leaf.held.toString(),
      margin: leaf.margin.toString(),
      copy: leaf.copy.toString(),
      sibling_hashes: leaf.siblingHashes,
      sibling_sums: leaf.siblingSums.map(String),
    })),
  );
  await tx.execute(sql`
    insert into proof_leaves (snapshot_id, member_id, currency, salt, leaf_index, available, held, margin, copy,
      sibling_hashes, sibling_sums)
    select ${snapshotId}, member_id, currency, salt, leaf_index, available, held, margin, copy, sibling_hashes,
      array(select jsonb_array_elements_text(sibling_sums)::bigint)
    from jsonb_to_recordset(${json}::jsonb) as r(member_id uuid, currency text, salt text, leaf_index integer,
      available bigint, held bigint, margin bigint, copy bigint, sibling_hashes text, sibling_sums jsonb)`);
}

/**
 * Pins the trail in the snapshot's transaction: the newest link of every chain, and their digest,
 * in one statement, so the digest is of exactly the heads stored.
 */
export async function pinTrail(tx: Tx, snapshotId: number): Promise<void> {
  await tx.execute(sql`
    with heads as materialized (
      select chain, seq, hash from (
        select distinct on (chain) chain, seq, hash from journal_links order by chain, seq desc) j
      union all
      select 'audit', seq, hash from (select seq, hash from audit_links order by seq desc limit 1) a
    ), stored as (
      insert into proof_trail_heads (snapshot_id, chain, seq, hash)
      select ${snapshotId}, chain, seq, hash from heads returning 1
    )
    insert into proof_trails (snapshot_id, digest)
    select ${snapshotId}, encode(sha256(convert_to(
      coalesce(string_agg(chain || ':' || seq || ':' || hash, ',' order by chain), ''), 'UTF8')), 'hex')
    from heads`);
}

const snapshotColumns = {
  id: proofSnapshots.id,
  kind: proofSnapshots.kind,
  tokyoDate: proofSnapshots.tokyoDate,
  takenAtMs: proofSnapshots.takenAtMs,
  depth: proofSnapshots.depth,
  trailDigest: proofTrails.digest,
};

/** The newest snapshots, newest first by when they were taken. */
export async function latestSnapshots(db: Reader, limit: number): Promise<SnapshotRow[]> {
  return db
    .select(snapshotColumns)
    .from(proofSnapshots)
    .leftJoin(proofTrails, eq(proofTrails.snapshotId, proofSnapshots.id))
    .orderBy(desc(proofSnapshots.takenAtMs), desc(proofSnapshots.id))
    .limit(limit);
}

export async function snapshotById(db: Reader, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select(snapshotColumns)
    .from(proofSnapshots)
    .leftJoin(proofTrails, eq(proofTrails.snapshotId, proofSnapshots.id))
    .where(eq(proofSnapshots.id, id));
  return row;
}

export async function dailySnapshotOf(db: Reader, tokyoDate: string): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select(snapshotColumns)
    .from(proofSnapshots)
    .leftJoin(proofTrails, eq(proofTrails.snapshotId, proofSnapshots.id))
    .where(and(eq(proofSnapshots.kind, "daily"), eq(proofSnapshots.tokyoDate, tokyoDate)));
  return row;
}

/** The snapshot a staff member's keyed request took, if it did. */
export async function requestedSnapshot(
  db: Reader,
  staffId: string,
  key: string,
): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select(snapshotColumns)
    .from(proofSnapshots)
    .leftJoin(proofTrails, eq(proofTrails.snapshotId, proofSnapshots.id))
    .where(and(eq(proofSnapshots.requestedBy, staffId), eq(proofSnapshots.requestKey, key)));
  return row;
}

export async function rootsOf(db: Reader, snapshotIds: number[]): Promise<RootRow[]> {
  if (snapshotIds.length === 0) return [];
  return db
    .select()
    .from(proofRoots)
    .where(inArray(proofRoots.snapshotId, snapshotIds))
    .orderBy(proofRoots.snapshotId, proofRoots.currency);
}

/** A member's leaves in a snapshot, one per currency. */
export async function memberLeaves(db: Reader, snapshotId: number, memberId: string): Promise<LeafRow[]> {
  return db
    .select({
      memberId: proofLeaves.memberId,
      currency: proofLeaves.currency,
      salt: proofLeaves.salt,
      leafIndex: proofLeaves.leafIndex,
      available: proofLeaves.available,
      held: proofLeaves.held,
      margin: proofLeaves.margin,
      copy: proofLeaves.copy,
      siblingHashes: proofLeaves.siblingHashes,
      siblingSums: proofLeaves.siblingSums,
    })
    .from(proofLeaves)
    .where(and(eq(proofLeaves.snapshotId, snapshotId), eq(proofLeaves.memberId, memberId)))
    .orderBy(proofLeaves.currency);
}
