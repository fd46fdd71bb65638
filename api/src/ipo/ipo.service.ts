import { randomBytes } from "node:crypto";
import type { Bus } from "@kabuto/bus";
import type {
  DeclarationRequest,
  Offering,
  OfferingDetail,
  OfferingInput,
  OpsOffering,
  Subscription,
} from "@kabuto/shared/api/ipo";
import { commitmentOf, entryHashOf, runDraw } from "@kabuto/shared/ipo/draw";
import {
  costOfUnits,
  demandRatio,
  earlyReleasePriceMinor,
  inBand,
  isBandValid,
  type LockUp,
  lockUpEndsMs,
  type OfferingPhase,
  type OfferingTimeline,
  offeringPhase,
  offeringTab,
  offeringWindows,
  scheduleProblem,
  timelineDates,
  timelineProblem,
  unitShares,
} from "@kabuto/shared/ipo/rules";
import type { NewListing } from "@kabuto/shared/market/catalog";
import { priceToUnits } from "@kabuto/shared/market/ticks";
import { decimalToMinor, minorToDecimal } from "@kabuto/shared/money";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import type { InstrumentSymbol } from "@kabuto/shared/symbols";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, type MemberEvent, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import { lockMember } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { assertBalanced } from "../ledger/journal.ts";
import { lockAvailable, postJournal, type Tx } from "../ledger/ledger.repo.ts";
import { insertOffBookPosition } from "../trading/off-book.repo.ts";
import {
  allOfferings,
  availableOf,
  demandByPrice,
  demandOf,
  drawOf,
  insertDraw,
  insertOffering,
  insertSubscription,
  isVerified,
  listedOfferings,
  liveSubscription,
  lockedAllotments,
  memberSubscriptions,
  type OfferingFields,
  type OfferingRow,
  offeringById,
  offeringCodeTaken,
  offeringsDue,
  releaseLockUps,
  type SubscriptionRow,
  saveDrawOutcome,
  saveSubscription,
  setStage,
  stateCounts,
  subscriptionById,
  subscriptionsIn,
  updateOffering,
} from "./ipo.repo.ts";
import { allotmentJournal, amountDue, offerPriceText, paymentJournal, symbolOf } from "./ipo-drafts.ts";

export interface StaffContext {
  nowMs: number;
  ip: string;
}

/** What listing day does beyond this service: allot positions (see `IpoService.list`). */
export type ListingHook = (
  tx: Tx,
  offering: OfferingRow,
  paid: readonly SubscriptionRow[],
  nowMs: number,
) => Promise<void>;

/**
 * New shares: operations create an offering; verified members declare a price (or strike) and
 * units during book-building; operations set the offer price and run the draw, which anyone can
 * re-run from what it publishes; winners pay into a hold; unpaid wins lapse to the waitlist; on
 * listing day paid winners get their position.
 */
export class IpoService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly bus: Pick<Bus, "snapshots"> | undefined;

  constructor(deps: { db: Db; now: () => number; events: AccountEvents; bus?: Pick<Bus, "snapshots"> }) {
    this.db = deps.db;
    this.now = deps.now;
    this.events = deps.events;
    this.bus = deps.bus;
  }

  /** Listed new shares, for every process's catalog and the feed (see `ListingCatalog`). */
  listings(): Promise<NewListing[]> {
    return newListings(this.db);
  }

  // Members

  async list(tab?: "pending" | "progress" | "ended"): Promise<Offering[]> {
    const rows = await allOfferings(this.db);
    const demand = await demandOf(
      this.db,
      rows.map((row) => row.id),
    );
    const nowMs = this.now();
    const offerings = rows.map((row) => toOffering(row, nowMs, demand.get(row.id)));
    return tab ? offerings.filter((offering) => offering.tab === tab) : offerings;
  }

  async detail(memberId: string | null, id: string): Promise<OfferingDetail> {
    const row = await this.offering(id);
    const demand = await demandOf(this.db, [row.id]);
    const subscription = memberId ? await liveSubscription(this.db, row.id, memberId) : undefined;
    const draw = await drawOf(this.db, row.id);
    const nowMs = this.now();
    return {
      offering: toOffering(row, nowMs, demand.get(row.id)),
      subscription: subscription ? toSubscription(row, subscription, nowMs) : null,
      draw: draw ?? null,
    };
  }

  async records(memberId: string): Promise<Subscription[]> {
    const rows = await memberSubscriptions(this.db, memberId);
    const nowMs = this.now();
    const offerings = new Map<number, OfferingRow>();
    for (const row of rows) {
      if (!offerings.has(row.offeringId)) {
        const offering = await offeringById(this.db, row.offeringId);
        if (offering) offerings.set(row.offeringId, offering);
      }
    }
    return rows.flatMap((row) => {
      const offering = offerings.get(row.offeringId);
      return offering ? [toSubscription(offering, row, nowMs)] : [];
    });
  }

  /** Declares a price (or strike) and units during book-building. Nothing is held yet. */
  async subscribe(
    memberId: string,
    offeringId: string,
    body: DeclarationRequest,
    claim?: Claim,
  ): Promise<Keyed<Subscription>> {
    const offering = await this.offering(offeringId);
    const nowMs = this.now();
    const declaration = this.declaration(offering, body, nowMs);
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        await this.assertMayDeclare(tx, memberId);
        if (await liveSubscription(tx, offering.id, memberId)) throw new AppError("IPO_ALREADY_SUBSCRIBED");
        try {
          const row = await insertSubscription(tx, {
            offeringId: offering.id,
            memberId,
            ...declaration,
            salt: randomBytes(16).toString("hex"),
            nowMs,
          });
          return toSubscription(offering, row, nowMs);
        } catch (error) {
          throw alreadySubscribed(error) ?? error;
        }
      }),
    );
  }

  /** Changes a declaration's price or units while book-building is open. */
  async change(
    memberId: string,
    subscriptionId: string,
    body: DeclarationRequest,
    claim?: Claim,
  ): Promise<Keyed<Subscription>> {
    const nowMs = this.now();
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        const { offering, subscription } = await this.ownSubscription(tx, memberId, subscriptionId);
        const declaration = this.declaration(offering, body, nowMs);
        if (subscription.state !== "declared") throw new AppError("SUBSCRIPTION_STATE_INVALID");
        await this.assertMayDeclare(tx, memberId);
        const changed = { ...subscription, ...declaration, updatedAtMs: nowMs };
        await saveSubscription(tx, changed, nowMs);
        return toSubscription(offering, changed, nowMs);
      }),
    );
  }

  /** Withdraws a declaration while book-building is open; a new one may follow. */
  async cancel(memberId: string, subscriptionId: string, claim?: Claim): Promise<Keyed<Subscription>> {
    const nowMs = this.now();
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        const { offering, subscription } = await this.ownSubscription(tx, memberId, subscriptionId);
        if (subscription.state !== "declared") throw new AppError("SUBSCRIPTION_STATE_INVALID");
        this.assertBookOpen(offering, nowMs);
        const cancelled = { ...subscription, state: "cancelled" as const, updatedAtMs: nowMs };
        await saveSubscription(tx, cancelled, nowMs);
        return toSubscription(offering, cancelled, nowMs);
      }),
    );
  }

  /** Pays a won subscription from available cash into a hold, before its deadline. */
  async pay(memberId: string, subscriptionId: string, claim?: Claim): Promise<Keyed<Subscription>> {
    const nowMs = this.now();
    return transactThenEmit(this.db, this.events, async (tx) => {
      let currency = "";
      const result = await underClaim(tx, memberId, claim, nowMs, async () => {
        if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const { offering, subscription } = await this.ownSubscription(tx, memberId, subscriptionId);
        currency = offering.currency;
        if (subscription.state !== "won" || subscription.payByMs === null || nowMs >= subscription.payByMs) {
          throw new AppError("SUBSCRIPTION_STATE_INVALID");
        }
        const journal = paymentJournal(offering, subscription);
        const amount = amountDue(offering, subscription);
        const available = await lockAvailable(tx, memberId, offering.currency);
        if (available < amount) {
          throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString() });
        }
        assertBalanced(journal);
        const journalId = await postJournal(tx, journal, nowMs);
        const paid: SubscriptionRow = {
          ...subscription,
          state: "paid",
          paidMinor: amount,
          paymentJournalId: journalId,
          updatedAtMs: nowMs,
        };
        await saveSubscription(tx, paid, nowMs);
        return toSubscription(offering, paid, nowMs);
      });
      const events: MemberEvent[] = result.replayed
        ? []
        : [{ memberId, event: { type: "balance", id: currency } }];
      return { value: result, events };
    });
  }

  // Operations

  async opsList(): Promise<Offering[]> {
    return this.list();
  }

  async opsDetail(id: string): Promise<OpsOffering> {
    const row = await this.offering(id);
    const demand = await demandOf(this.db, [row.id]);
    return {
      offering: toOffering(row, this.now(), demand.get(row.id)),
      demand: (await demandByPrice(this.db, row.id)).map((level) => ({
        price: level.priceMinor === null ? null : minorToDecimal(level.priceMinor, row.currency),
        units: level.units,
        members: level.members,
      })),
      states: await stateCounts(this.db, row.id),
    };
  }

  /**
   * Creates an offering; its seed is drawn now and only its commitment is shown until the draw.
   * A `timeline` (the demo operator's only) windows it in instants instead of by its dates, which
   * become the days those instants fall on.
   */
  async create(
    input: OfferingInput,
    staff: StaffMember | null,
    context: StaffContext,
    timeline?: OfferingTimeline,
  ): Promise<OpsOffering> {
    const fields = offeringFields(input, timeline ? { timeline, nowMs: context.nowMs } : undefined);
    const seed = randomBytes(32).toString("hex");
    const id = await this.db.transaction(async (tx) => {
      if (await offeringCodeTaken(tx, fields.code, null)) throw new AppError("OFFERING_CODE_EXISTS");
      const row = await insertOffering(tx, {
        ...fields,
        seed,
        commitment: commitmentOf(seed),
        nowMs: context.nowMs,
      });
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "offering.create",
        target: `offering:${row.id}`,
        after: auditView(row),
        ip: context.ip,
        atMs: context.nowMs,
      });
      return row.id;
    });
    return this.opsDetail(String(id));
  }

  /** Edits an offering before book-building opens; afterwards members have declared against it. */
  async update(
    id: string,
    input: OfferingInput,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<OpsOffering> {
    const offeringId = numericId(id, "OFFERING_NOT_FOUND");
    const fields = offeringFields(input);
    await this.db.transaction(async (tx) => {
      const before = await offeringById(tx, offeringId, true);
      if (!before) throw new AppError("OFFERING_NOT_FOUND");
      // A demo timeline is the demo operator's: a form of dates would not keep its instants.
      if (before.timeline !== null || this.phaseOf(before, context.nowMs) !== "scheduled")
        throw new AppError("OFFERING_NOT_EDITABLE");
      if (await offeringCodeTaken(tx, fields.code, offeringId)) throw new AppError("OFFERING_CODE_EXISTS");
      await updateOffering(tx, offeringId, fields, context.nowMs);
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "offering.update",
        target: `offering:${offeringId}`,
        before: auditView(before),
        after: fields,
        ip: context.ip,
        atMs: context.nowMs,
      });
    });
    return this.opsDetail(id);
  }

  /**
   * Sets the offer price inside the band once the book has closed. Declarations below it are
   * excluded from the draw at once, so their members see why.
   */
  async setPrice(
    id: string,
    price: string,
    staff: StaffMember | null,
    context: StaffContext,
  ): Promise<OpsOffering> {
    const offeringId = numericId(id, "OFFERING_NOT_FOUND");
    await this.db.transaction(async (tx) => {
      const offering = await offeringById(tx, offeringId, true);
      if (!offering) throw new AppError("OFFERING_NOT_FOUND");
      if (this.phaseOf(offering, context.nowMs) !== "closed") throw new AppError("OFFERING_STAGE_INVALID");
      const offer = decimalToMinor(price, offering.currency);
      if (offer === undefined || offer <= 0n) throw new AppError("PRICE_INVALID");
      if (!inBand(bandOf(offering), offer)) throw new AppError("PRICE_OUTSIDE_BAND");
      await setStage(tx, offeringId, { stage: "priced", offerPriceMinor: offer, nowMs: context.nowMs });
      const below = (await subscriptionsIn(tx, offeringId, ["declared"])).filter(
        (row) => row.priceMinor !== null && row.priceMinor < offer,
      );
      await saveDrawOutcome(
        tx,
        below.map((row) => ({ ...row, state: "excluded", exclusion: "below_price" })),
        context.nowMs,
      );
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "offering.price",
        target: `offering:${offeringId}`,
        before: { stage: offering.stage },
        after: { stage: "priced", offerPrice: price, excluded: below.length },
        ip: context.ip,
        atMs: context.nowMs,
      });
    });
    return this.opsDetail(id);
  }

  /**
   * Runs the draw: members short of a unit's cost are excluded (as at Rakuten), the rest enter
   * under their salted hashes, and the seed, entries, result and waitlist are published.
   */
  async draw(id: string, staff: StaffMember | null, context: StaffContext): Promise<OpsOffering> {
    const offeringId = numericId(id, "OFFERING_NOT_FOUND");
    await this.db.transaction(async (tx) => {
      const offering = await offeringById(tx, offeringId, true);
      if (!offering) throw new AppError("OFFERING_NOT_FOUND");
      if (offering.stage !== "priced" || offering.offerPriceMinor === null) {
        throw new AppError("OFFERING_STAGE_INVALID");
      }
      const windows = windowsOf(offering);
      if (context.nowMs >= windows.paymentEndMs) throw new AppError("OFFERING_STAGE_INVALID");
      const declared = await subscriptionsIn(tx, offeringId, ["declared"]);
      const cash = await availableOf(
        tx,
        declared.map((row) => row.memberId),
        offering.currency,
      );
      const unitCost = costOfUnits(offering.market, 1, offering.offerPriceMinor);
      const eligible: SubscriptionRow[] = [];
      const outcome: SubscriptionRow[] = [];
      for (const row of declared) {
        if ((cash.get(row.memberId) ?? 0n) < unitCost) {
          outcome.push({ ...row, state: "excluded", exclusion: "insufficient_cash" });
        } else {
          eligible.push(row);
        }
      }
      const hashes = new Map(
        eligible.map((row) => [entryHashOf(offering.code, String(row.id), row.salt), row]),
      );
      const result = runDraw(
        offering.seed,
        [...hashes].map(([hash, row]) => ({ hash, units: row.units })),
        { unitsOffered: offering.unitsOffered },
      );
      const places = new Map(result.waitlist.map((hash, place) => [hash, place + 1]));
      for (const [hash, row] of hashes) {
        const won = result.won.get(hash) ?? 0;
        const place = places.get(hash);
        if (won > 0) outcome.push({ ...row, state: "won", unitsWon: won, payByMs: windows.paymentEndMs });
        else if (place !== undefined) outcome.push({ ...row, state: "waitlisted", waitlistPlace: place });
        else outcome.push({ ...row, state: "lost" });
      }
      await saveDrawOutcome(tx, outcome, context.nowMs);
      await insertDraw(tx, offeringId, {
        seed: offering.seed,
        unitsOffered: offering.unitsOffered,
        entries: result.entries.map((entry) => ({ hash: entry.hash, units: entry.units })),
        won: [...result.won].map(([hash, units]) => ({ hash, units })),
        waitlist: [...result.waitlist],
        drawnAtMs: context.nowMs,
      });
      await setStage(tx, offeringId, { stage: "drawn", nowMs: context.nowMs });
      await recordAudit(tx, {
        staffId: staff?.id ?? null,
        action: "offering.draw",
        target: `offering:${offeringId}`,
        before: { stage: offering.stage },
        after: {
          stage: "drawn",
          entries: result.entries.length,
          winners: result.won.size,
          waitlist: result.waitlist.length,
          excluded: declared.length - eligible.length,
        },
        ip: context.ip,
        atMs: context.nowMs,
      });
    });
    return this.opsDetail(id);
  }

  // The worker

  /**
   * The worker's pass over drawn offerings: at the payment deadline unpaid wins lapse and their
   * units go, one each, to the waitlist in its published order (members still holding a unit's
   * cost); on listing day the waitlist's unpaid wins lapse too and paid winners are allotted.
   * Returns how many offerings moved.
   */
  async advance(): Promise<number> {
    let moved = await this.releaseEarly();
    for (const id of await offeringsDue(this.db)) {
      const nowMs = this.now();
      moved += await transactThenEmit(this.db, this.events, async (tx) => {
        const offering = await offeringById(tx, id, true);
        if (offering?.stage !== "drawn") return { value: 0, events: [] };
        const windows = windowsOf(offering);
        if (nowMs >= windows.listingMs) return this.listIn(tx, offering, nowMs);
        if (nowMs >= windows.paymentEndMs && offering.lapsedAtMs === null) {
          await this.lapseAndPromote(tx, offering, windows.waitlistPaymentEndMs, nowMs);
          return { value: 1, events: [] };
        }
        return { value: 0, events: [] };
      });
    }
    return moved;
  }

  /**
   * Ends lock-ups early where the prospectus allows it: once a listed share's last price reaches
   * its release multiple of the offer price, its allotted positions may be sold.
   */
  private async releaseEarly(): Promise<number> {
    const bus = this.bus;
    if (!bus) return 0;
    const nowMs = this.now();
    // One read of what is still locked: an offering whose lock-ups have all ended costs nothing.
    const locked = await lockedAllotments(this.db, nowMs);
    if (locked.size === 0) return 0;
    const candidates = (await listedOfferings(this.db)).flatMap((offering) => {
      const positions = locked.get(offering.id);
      if (!positions || offering.offerPriceMinor === null) return [];
      const releaseMinor = earlyReleasePriceMinor(offering.offerPriceMinor, lockUpOf(offering));
      return releaseMinor === null ? [] : [{ offering, positions, releaseMinor }];
    });
    const quotes = await bus.snapshots(
      candidates.map(({ offering }) => quoteTopic(symbolOf(offering) as InstrumentSymbol)),
    );
    const lastBySymbol = new Map<string, string>(quotes.map((quote) => [quote.data.symbol, quote.data.last]));
    let released = 0;
    for (const { offering, positions, releaseMinor } of candidates) {
      const text = lastBySymbol.get(symbolOf(offering));
      const last = text === undefined ? undefined : decimalToMinor(text, offering.currency);
      if (last === undefined || last < releaseMinor) continue;
      await this.db.transaction((tx) => releaseLockUps(tx, positions, nowMs));
      released += 1;
    }
    return released;
  }

  private async lapseAndPromote(
    tx: Tx,
    offering: OfferingRow,
    payByMs: number,
    nowMs: number,
  ): Promise<void> {
    const won = await subscriptionsIn(tx, offering.id, ["won"]);
    const lapsed = won.filter((row) => row.payByMs !== null && row.payByMs <= nowMs);
    let units = lapsed.reduce((sum, row) => sum + row.unitsWon, 0);
    const changes: SubscriptionRow[] = lapsed.map((row) => ({ ...row, state: "lapsed" }));
    const waitlist = await subscriptionsIn(tx, offering.id, ["waitlisted"]);
    const cash = await availableOf(
      tx,
      waitlist.map((row) => row.memberId),
      offering.currency,
    );
    const unitCost = costOfUnits(offering.market, 1, offering.offerPriceMinor ?? 0n);
    for (const row of waitlist) {
      if (units > 0 && (cash.get(row.memberId) ?? 0n) >= unitCost) {
        changes.push({ ...row, state: "won", unitsWon: 1, payByMs });
        units -= 1;
      } else {
        changes.push({ ...row, state: "lost" });
      }
    }
    await saveDrawOutcome(tx, changes, nowMs);
    await setStage(tx, offering.id, { stage: "drawn", lapsedAtMs: nowMs, nowMs });
  }

  private async listIn(
    tx: Tx,
    offering: OfferingRow,
    nowMs: number,
  ): Promise<{ value: number; events: MemberEvent[] }> {
    if (offering.lapsedAtMs === null) {
      // The worker was away through the payment deadline: its pass comes first.
      const windows = windowsOf(offering);
      await this.lapseAndPromote(tx, offering, windows.waitlistPaymentEndMs, nowMs);
    }
    const unpaid = await subscriptionsIn(tx, offering.id, ["won", "waitlisted"]);
    await saveDrawOutcome(
      tx,
      unpaid.map((row) => ({ ...row, state: row.state === "won" ? "lapsed" : "lost" })),
      nowMs,
    );
    const paid = await subscriptionsIn(tx, offering.id, ["paid"]);
    const lockedUntilMs = lockUpEndsMs(
      offering.market,
      offering.listingDate,
      lockUpOf(offering),
      offering.timeline,
    );
    const price = offerPriceText(offering);
    const priceUnits = priceToUnits(price, offering.market);
    if (priceUnits === undefined) throw new Error(`offer price off the grid: ${offering.code} ${price}`);
    for (const row of paid) {
      const journal = allotmentJournal(offering, row);
      assertBalanced(journal);
      await postJournal(tx, journal, nowMs);
      const positionId = await insertOffBookPosition(tx, {
        memberId: row.memberId,
        symbol: symbolOf(offering),
        currency: offering.currency,
        quantity: row.unitsWon * unitShares(offering.market),
        priceUnits,
        price,
        notional: row.paidMinor ?? 0n,
        fee: 0n,
        lockedUntilMs,
        nowMs,
      });
      await saveSubscription(tx, { ...row, state: "allotted", positionId }, nowMs);
    }
    await setStage(tx, offering.id, { stage: "listed", nowMs });
    const events: MemberEvent[] = paid.flatMap((row) => [
      { memberId: row.memberId, event: { type: "balance", id: offering.currency } },
      { memberId: row.memberId, event: { type: "position", id: String(row.id) } },
    ]);
    return { value: 1, events };
  }

  // Checks

  private async offering(id: string): Promise<OfferingRow> {
    const row = await offeringById(this.db, numericId(id, "OFFERING_NOT_FOUND"));
    if (!row) throw new AppError("OFFERING_NOT_FOUND");
    return row;
  }

  private phaseOf(offering: OfferingRow, nowMs: number): OfferingPhase {
    return offeringPhase(offering.stage, windowsOf(offering), nowMs);
  }

  private assertBookOpen(offering: OfferingRow, nowMs: number): void {
    const phase = this.phaseOf(offering, nowMs);
    if (phase === "scheduled") throw new AppError("IPO_NOT_YET_OPEN");
    if (phase !== "book") throw new AppError("IPO_CHANNEL_CLOSED");
  }

  /** The declaration's price and units, checked against the offering's band and size. */
  private declaration(
    offering: OfferingRow,
    body: DeclarationRequest,
    nowMs: number,
  ): { priceMinor: bigint | null; units: number } {
    this.assertBookOpen(offering, nowMs);
    if (body.units > offering.unitsOffered) {
      throw new AppError("QUANTITY_INVALID", { max: offering.unitsOffered });
    }
    if (body.price === null) return { priceMinor: null, units: body.units };
    const priceMinor = decimalToMinor(body.price, offering.currency);
    if (priceMinor === undefined) throw new AppError("PRICE_INVALID");
    if (!inBand(bandOf(offering), priceMinor)) {
      throw new AppError("PRICE_OUTSIDE_BAND", {
        low: minorToDecimal(offering.bandLowMinor, offering.currency),
        high: minorToDecimal(offering.bandHighMinor, offering.currency),
      });
    }
    return { priceMinor, units: body.units };
  }

  private async assertMayDeclare(tx: Tx, memberId: string): Promise<void> {
    if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
    if (!(await isVerified(tx, memberId))) throw new AppError("KYC_REQUIRED");
  }

  private async ownSubscription(
    tx: Tx,
    memberId: string,
    id: string,
  ): Promise<{ offering: OfferingRow; subscription: SubscriptionRow }> {
    const subscription = await subscriptionById(tx, numericId(id, "SUBSCRIPTION_NOT_FOUND"), true);
    if (!subscription || subscription.memberId !== memberId) throw new AppError("SUBSCRIPTION_NOT_FOUND");
    const offering = await offeringById(tx, subscription.offeringId);
    if (!offering) throw new AppError("SUBSCRIPTION_NOT_FOUND");
    return { offering, subscription };
  }
}

/**
 * New shares that have listed, read by every process that holds a catalog (API, worker, feed,
 * gateway): each adds the ones it does not know yet, so a listing joins the universe everywhere.
 */
export async function newListings(db: Pick<Db, "execute">): Promise<NewListing[]> {
  return (await listedOfferings(db)).map(toListing);
}

function lockUpOf(offering: OfferingRow): LockUp {
  return { days: offering.lockupDays, releaseMultiplePpm: offering.releaseMultiplePpm };
}

function toListing(row: OfferingRow): NewListing {
  return {
    symbol: symbolOf(row),
    market: row.market,
    code: row.code,
    name: { ja: row.nameJa, en: row.nameEn, zhHant: row.nameZhHant },
    sector: row.sector,
    offerPrice: offerPriceText(row),
    listingDate: row.listingDate,
    sharesOffered: row.unitsOffered * unitShares(row.market),
  };
}

function bandOf(offering: OfferingRow) {
  return { lowMinor: offering.bandLowMinor, highMinor: offering.bandHighMinor };
}

/** The unique index's refusal when two declarations race: the member hears the same as the check says. */
function alreadySubscribed(error: unknown): AppError | undefined {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === "23505" && (constraint ?? message ?? "").includes("ipo_subscriptions_one_per_member")) {
      return new AppError("IPO_ALREADY_SUBSCRIBED", undefined, { cause: error });
    }
  }
  return undefined;
}

/** An offering's windows: its timeline's where it has one, else its dates' on its market's calendar. */
function windowsOf(row: OfferingRow) {
  return offeringWindows(row.market, row, row.timeline);
}

/**
 * Parses operations' form into the row's fields, refusing a bad band or schedule. With a demo
 * timeline its instants must ascend from now, and the dates are the days they fall on.
 */
function offeringFields(
  input: OfferingInput,
  demo?: { timeline: OfferingTimeline; nowMs: number },
): OfferingFields {
  const currency = input.market === "JP" ? "JPY" : "USD";
  const bandLowMinor = decimalToMinor(input.bandLow, currency);
  const bandHighMinor = decimalToMinor(input.bandHigh, currency);
  if (
    bandLowMinor === undefined ||
    bandHighMinor === undefined ||
    !isBandValid({ lowMinor: bandLowMinor, highMinor: bandHighMinor })
  ) {
    throw new AppError("OFFERING_BAND_INVALID");
  }
  let dates = {
    bookOpenDate: input.bookOpenDate,
    bookCloseDate: input.bookCloseDate,
    priceDate: input.priceDate,
    paymentEndDate: input.paymentEndDate,
    listingDate: input.listingDate,
  };
  if (demo) {
    const problem = timelineProblem(demo.timeline, demo.nowMs);
    if (problem)
      throw new AppError("OFFERING_SCHEDULE_INVALID", { field: problem.field, reason: problem.reason });
    dates = timelineDates(input.market, demo.timeline);
  } else {
    let problem: ReturnType<typeof scheduleProblem>;
    try {
      problem = scheduleProblem(input.market, dates);
    } catch {
      throw new AppError("OFFERING_SCHEDULE_INVALID");
    }
    if (problem)
      throw new AppError("OFFERING_SCHEDULE_INVALID", { field: problem.field, reason: problem.reason });
  }
  const multiple = input.releaseMultiple ?? null;
  const releaseMultiplePpm = multiple === null ? null : Math.round(Number(multiple) * 1_000_000);
  if (releaseMultiplePpm !== null && releaseMultiplePpm <= 1_000_000) throw new AppError("VALIDATION_FAILED");
  return {
    code: input.code,
    market: input.market,
    nameJa: input.name.ja,
    nameEn: input.name.en,
    nameZhHant: input.name.zhHant,
    sector: input.sector,
    bandLowMinor,
    bandHighMinor,
    unitsOffered: input.unitsOffered,
    ...dates,
    lockupDays: input.lockupDays ?? 0,
    releaseMultiplePpm,
    timeline: demo?.timeline ?? null,
  };
}

function auditView(row: OfferingRow): Record<string, unknown> {
  return {
    code: row.code,
    market: row.market,
    bandLow: row.bandLowMinor.toString(),
    bandHigh: row.bandHighMinor.toString(),
    unitsOffered: row.unitsOffered,
    bookOpenDate: row.bookOpenDate,
    listingDate: row.listingDate,
    ...(row.timeline ? { timeline: row.timeline } : {}),
    commitment: row.commitment,
  };
}

export function toOffering(
  row: OfferingRow,
  nowMs: number,
  demand: { units: number; members: number } | undefined,
): Offering {
  const windows = windowsOf(row);
  const phase = offeringPhase(row.stage, windows, nowMs);
  const units = demand?.units ?? 0;
  return {
    id: String(row.id),
    code: row.code,
    symbol: symbolOf(row),
    market: row.market,
    currency: row.currency,
    name: { ja: row.nameJa, en: row.nameEn, zhHant: row.nameZhHant },
    sector: row.sector,
    unitShares: unitShares(row.market),
    bandLow: minorToDecimal(row.bandLowMinor, row.currency),
    bandHigh: minorToDecimal(row.bandHighMinor, row.currency),
    offerPrice: row.offerPriceMinor === null ? null : minorToDecimal(row.offerPriceMinor, row.currency),
    unitsOffered: row.unitsOffered,
    dates: {
      bookOpenMs: windows.bookOpenMs,
      bookCloseMs: windows.bookCloseMs,
      priceDate: row.priceDate,
      paymentEndMs: windows.paymentEndMs,
      waitlistPaymentEndMs: windows.waitlistPaymentEndMs,
      listingDate: row.listingDate,
      listingMs: windows.listingMs,
      priceMs: row.timeline?.priceMs ?? null,
      lockUpEndMs: lockUpEndsMs(row.market, row.listingDate, lockUpOf(row), row.timeline),
      inMinutes: row.timeline !== null,
    },
    lockupDays: row.lockupDays,
    releaseMultiple: row.releaseMultiplePpm === null ? null : String(row.releaseMultiplePpm / 1_000_000),
    stage: row.stage,
    phase,
    tab: offeringTab(phase),
    commitment: row.commitment,
    unitsAsked: units,
    members: demand?.members ?? 0,
    demandRatio: demandRatio(units, row.unitsOffered),
  };
}

export function toSubscription(offering: OfferingRow, row: SubscriptionRow, nowMs: number): Subscription {
  const due =
    offering.offerPriceMinor !== null && row.unitsWon > 0
      ? costOfUnits(offering.market, row.unitsWon, offering.offerPriceMinor)
      : null;
  return {
    id: String(row.id),
    offeringId: String(offering.id),
    code: offering.code,
    name: { ja: offering.nameJa, en: offering.nameEn, zhHant: offering.nameZhHant },
    market: offering.market,
    currency: offering.currency,
    price: row.priceMinor === null ? null : minorToDecimal(row.priceMinor, offering.currency),
    units: row.units,
    state: row.state,
    exclusion: row.exclusion,
    unitsWon: row.unitsWon,
    waitlistPlace: row.waitlistPlace,
    payByMs: row.payByMs,
    amountDue: due === null ? null : due.toString(),
    amountPaid: row.paidMinor === null ? null : row.paidMinor.toString(),
    entryHash: entryHashOf(offering.code, String(row.id), row.salt),
    positionId: row.positionId === null ? null : String(row.positionId),
    cancellable:
      row.state === "declared" && offeringPhase(offering.stage, windowsOf(offering), nowMs) === "book",
    createdAtMs: row.createdAtMs,
    updatedAtMs: row.updatedAtMs,
  };
}
