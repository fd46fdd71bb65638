import type { MemberProof, ProofSnapshot, ProofSnapshotList } from "@kabuto/shared/api/proof";
import { marketDate } from "@kabuto/shared/market/calendar";
import type { RandomSource } from "@kabuto/shared/proof/tree";
import { currencySchema } from "@kabuto/shared/symbols";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { Claim, Keyed } from "../idempotency/claims.ts";
import { recordAudit } from "../kernel/audit.ts";
import { isMemberId } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import {
  dailySnapshotOf,
  insertRootsAndLeaves,
  insertSnapshot,
  latestSnapshots,
  memberLeaves,
  type NewSnapshot,
  owedToMembers,
  pinTrail,
  type RootRow,
  requestedSnapshot,
  rootsOf,
  type SnapshotRow,
  snapshotById,
} from "./proof.repo.ts";
import { draftSnapshot } from "./proof-drafts.ts";

/** Snapshots the public page lists: a month of daily ones, and a few taken on demand. */
const publishedSnapshotsMax = 40;

/** Hex digits of one sibling's hash in a stored path. */
const hashDigits = 64;

export interface ProofServiceDeps {
  db: Db;
  now: () => number;
  /** The trees' depth: the shared default (a million members) unless a test or a bench asks. */
  depth: number;
  /** The salts' and padding's randomness: the Web Crypto API unless a test gives one. */
  random?: RandomSource;
}

/**
 * Proof of liabilities: reads what the broker owes every member in one statement, builds a
 * Merkle sum tree per currency and stores the roots, the totals and every member's leaf and path,
 * so a member's proof is served as it was built. The worker takes one a Tokyo day; a supervisor
 * may take one at any time, audited, and a retry of their request takes none twice.
 */
export class ProofService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly depth: number;
  private readonly random: RandomSource | undefined;

  constructor(deps: ProofServiceDeps) {
    this.db = deps.db;
    this.now = deps.now;
    this.depth = deps.depth;
    this.random = deps.random;
  }

  /** The published snapshots, newest first, each with its roots and totals. */
  async snapshots(): Promise<ProofSnapshotList> {
    const rows = await latestSnapshots(this.db, publishedSnapshotsMax);
    const roots = await rootsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return { snapshots: rows.map((row) => snapshotOf(row, roots)) };
  }

  /** The member's leaves in a snapshot and the paths from them to its roots. */
  async mine(memberId: string, snapshotId: string): Promise<MemberProof> {
    const id = Number(snapshotId);
    if (!/^\d{1,15}$/.test(snapshotId) || !isMemberId(memberId))
      throw new AppError("PROOF_SNAPSHOT_NOT_FOUND");
    const row = await snapshotById(this.db, id);
    if (!row) throw new AppError("PROOF_SNAPSHOT_NOT_FOUND");
    const [roots, leaves] = await Promise.all([rootsOf(this.db, [id]), memberLeaves(this.db, id, memberId)]);
    const first = leaves[0];
    if (!first) throw new AppError("PROOF_NOT_INCLUDED");
    return {
      snapshot: snapshotOf(row, roots),
      leafId: memberId,
      salt: first.salt,
      leaves: leaves.map((leaf) => ({
        currency: currencySchema.parse(leaf.currency),
        amount: (leaf.available + leaf.held + leaf.margin + leaf.copy).toString(),
        balances: {
          available: leaf.available.toString(),
          held: leaf.held.toString(),
          margin: leaf.margin.toString(),
          copy: leaf.copy.toString(),
        },
        index: leaf.leafIndex,
        siblings: leaf.siblingSums.map((sum, height) => ({
          hash: leaf.siblingHashes.slice(height * hashDigits, (height + 1) * hashDigits),
          sum: sum.toString(),
        })),
      })),
    };
  }

  /**
   * The worker's pass: takes the Tokyo day's snapshot unless it is there. Two workers may both
   * build one; the day's unique row lets one of them store it.
   */
  async daily(): Promise<ProofSnapshot | null> {
    const nowMs = this.now();
    const tokyoDate = marketDate("JP", nowMs);
    if (await dailySnapshotOf(this.db, tokyoDate)) return null;
    const taken = await this.take({
      kind: "daily",
      tokyoDate,
      takenAtMs: nowMs,
      depth: this.depth,
      requestedBy: null,
      requestKey: null,
    });
    return taken.made ? taken.snapshot : null;
  }

  /** A supervisor's snapshot, now: audited; a retry with the same key answers the first one. */
  async takeNow(
    actor: StaffMember,
    context: { ip: string; claim?: Claim | undefined },
  ): Promise<Keyed<ProofSnapshot>> {
    const key = context.claim?.key ?? null;
    const replay = (snapshot: ProofSnapshot): Keyed<ProofSnapshot> => ({
      replayed: true,
      answer: { status: context.claim?.status ?? 201, body: snapshot },
    });
    if (key) {
      const earlier = await requestedSnapshot(this.db, actor.id, key);
      if (earlier) return replay(await this.published(earlier));
    }
    const nowMs = this.now();
    const taken = await this.take(
      {
        kind: "on_demand",
        tokyoDate: marketDate("JP", nowMs),
        takenAtMs: nowMs,
        depth: this.depth,
        requestedBy: actor.id,
        requestKey: key,
      },
      actor,
      context.ip,
    );
    return taken.made ? { replayed: false, value: taken.snapshot } : replay(taken.snapshot);
  }

  /**
   * Reads the ledger in one statement, builds the trees outside any transaction (the build is the
   * slow part, and holds no lock), then writes the snapshot, its roots, its leaves and, for a
   * supervisor's, the audit record in one transaction. When the snapshot's place is already taken
   * (the day's, or the same key's), writes nothing and answers the one there.
   */
  private async take(
    snapshot: NewSnapshot,
    actor?: StaffMember,
    ip?: string,
  ): Promise<{ made: boolean; snapshot: ProofSnapshot }> {
    const owed = await owedToMembers(this.db);
    const draft = draftSnapshot(owed, snapshot.depth, this.random);
    const madeId = await this.db.transaction(async (tx) => {
      const id = await insertSnapshot(tx, snapshot);
      if (id === undefined) return undefined;
      await insertRootsAndLeaves(tx, id, draft.roots, draft.leaves());
      await pinTrail(tx, id);
      if (actor) {
        await recordAudit(tx, {
          staffId: actor.id,
          action: "proof.snapshot",
          target: `proof:${id}`,
          after: { roots: draft.roots },
          ip: ip ?? null,
          atMs: snapshot.takenAtMs,
        });
      }
      return id;
    });
    if (madeId !== undefined) {
      const made = await snapshotById(this.db, madeId);
      if (!made) throw new Error(`snapshot ${madeId} was written and cannot be read`);
      return { made: true, snapshot: await this.published(made) };
    }
    const there =
      snapshot.requestedBy && snapshot.requestKey
        ? await requestedSnapshot(this.db, snapshot.requestedBy, snapshot.requestKey)
        : await dailySnapshotOf(this.db, snapshot.tokyoDate);
    if (!there) throw new Error("a snapshot's place was taken by one that cannot be read");
    return { made: false, snapshot: await this.published(there) };
  }

  private async published(row: SnapshotRow): Promise<ProofSnapshot> {
    return snapshotOf(row, await rootsOf(this.db, [row.id]));
  }
}

function snapshotOf(row: SnapshotRow, roots: readonly RootRow[]): ProofSnapshot {
  return {
    id: String(row.id),
    kind: row.kind,
    takenAtMs: row.takenAtMs,
    tokyoDate: row.tokyoDate,
    depth: row.depth,
    trailDigest: row.trailDigest,
    roots: roots
      .filter((root) => root.snapshotId === row.id)
      .map((root) => ({
        currency: currencySchema.parse(root.currency),
        root: root.root,
        total: root.total.toString(),
        debts: root.debts.toString(),
      })),
  };
}
