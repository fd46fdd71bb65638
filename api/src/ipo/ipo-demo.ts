import type { OfferingInput } from "@kabuto/shared/api/ipo";
import { type DemoMinutes, timelineDates, timelineFromMinutes } from "@kabuto/shared/ipo/rules";
import { minorToDecimal } from "@kabuto/shared/money";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import { AppError } from "../errors.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { demoAdminRow } from "../seed.ts";
import { offeringById, subscriptionsIn } from "./ipo.repo.ts";
import type { IpoService } from "./ipo.service.ts";
import { demoApplicants, demoCrowd } from "./ipo-seed.ts";

/**
 * The demo time scale (`DEMO_IPO_TIMELINE`): one demo new share whose whole life, book-building
 * to the end of its lock-up, runs within the first hour of an always-open demo, so a newcomer
 * sees every phase happen rather than only its result. Invented name and code, as the other demo
 * offerings'. A retail lot of a popular new share: a dozen units for the crowd of hundreds.
 */
export const demoTimedOffering = {
  code: "5X6A",
  market: "JP",
  name: { ja: "風鈴モビリティ", en: "Furin Mobility", zhHant: "風鈴移動" },
  sector: "automobiles",
  // A unit (100 shares) at the top costs 128,000 yen: a crowd member who won two units of the
  // listed demo share still holds enough for two of these.
  bandLow: "1150",
  bandHigh: "1280",
  unitsOffered: 12,
  // The lock-up ends at the timeline's instant; a day stands for "locked up" in the days column.
  lockupDays: 1,
  releaseMultiple: null,
} as const;

/** The demo admin as the staff member the operator acts as; undefined without a usable one. */
export async function demoOperatorStaff(db: Db): Promise<StaffMember | undefined> {
  const admin = await demoAdminRow(db);
  if (!admin || admin.disabled) return undefined;
  return { id: admin.id, login: admin.login, name: admin.name, role: admin.role };
}

/**
 * Creates the demo time scale's offering through the operations service, as the demo admin, its
 * timeline laid out from `nowMs` by `minutes`. Only while it does not exist, so a restart adds
 * nothing. Returns whether it created it.
 */
export async function seedTimedOffering(
  db: Db,
  ipo: IpoService,
  minutes: DemoMinutes,
  nowMs: number,
): Promise<boolean> {
  const admin = await demoOperatorStaff(db);
  if (!admin) return false;
  const existing = mapRows(
    await db.execute(sql`select id from ipo_offerings where code = ${demoTimedOffering.code}`),
    (row) => row.int("id"),
  );
  if (existing.length > 0) return false;
  const timeline = timelineFromMinutes(nowMs, minutes);
  const input: OfferingInput = {
    ...demoTimedOffering,
    name: { ...demoTimedOffering.name },
    // The days the instants fall on, as the service keeps them for an offering with a timeline.
    ...timelineDates(demoTimedOffering.market, timeline),
  };
  await ipo.create(input, admin, { nowMs, ip: "" }, timeline);
  return true;
}

/**
 * The demo operator: what staff and members would do to the demo time scale's offering, each at
 * its moment, through the same services. During book-building the demo applicants and crowd
 * declare one after another (so the odds climb as they would); at the price instant the demo
 * admin sets the offer price at the band's top, at the draw instant runs the draw; the crowd's
 * winners pay at once. The worker's new-shares pass does the rest as for any offering: lapses,
 * listing with allotment, and the lock-up ends at its instant. Each step looks at what is stored
 * first, so a pass that runs twice, or after a restart, does nothing twice; a step whose moment
 * passed while the process was down runs at the next pass. Acts only on offerings with a
 * timeline, which only the demo seed makes. Returns how many steps it took.
 */
export class DemoOperator {
  private readonly deps: { db: Db; ipo: IpoService; now: () => number };

  constructor(deps: { db: Db; ipo: IpoService; now: () => number }) {
    this.deps = deps;
  }

  async step(): Promise<number> {
    const { db } = this.deps;
    const ids = mapRows(
      await db.execute(
        sql`select id from ipo_offerings where timeline is not null and stage <> 'listed' order by id`,
      ),
      (row) => row.int("id"),
    );
    let steps = 0;
    for (const id of ids) {
      // What is due now, to the end: a pass after a long pause sets the price and draws at once.
      for (let taken = await this.stepOne(id); taken > 0; taken = await this.stepOne(id)) steps += taken;
    }
    return steps;
  }

  private async stepOne(id: number): Promise<number> {
    const { db, ipo } = this.deps;
    const offering = await offeringById(db, id);
    const timeline = offering?.timeline;
    if (!offering || !timeline) return 0;
    const nowMs = this.deps.now();
    const context = { nowMs, ip: "" };
    const key = String(id);
    if (offering.stage === "open") {
      if (nowMs >= timeline.bookOpenMs && nowMs < timeline.bookCloseMs) {
        return this.crowdDeclares(id, timeline.bookOpenMs, timeline.bookCloseMs, nowMs);
      }
      if (nowMs >= timeline.priceMs && nowMs < timeline.paymentEndMs) {
        const admin = await demoOperatorStaff(db);
        if (!admin) return 0;
        // At the band's top, as popular Japanese IPOs are priced.
        await ipo.setPrice(key, minorToDecimal(offering.bandHighMinor, offering.currency), admin, context);
        return 1;
      }
      return 0;
    }
    if (offering.stage === "priced") {
      if (nowMs < timeline.drawMs || nowMs >= timeline.paymentEndMs) return 0;
      const admin = await demoOperatorStaff(db);
      if (!admin) return 0;
      await ipo.draw(key, admin, context);
      return 1;
    }
    if (offering.stage === "drawn" && nowMs < timeline.waitlistPaymentEndMs) {
      // The crowd's winners pay, those from the waitlist too; the demo member's win waits for them.
      const won = await db.transaction((tx) => subscriptionsIn(tx, id, ["won"]));
      const crowd = new Set((await this.crowd()).map((member) => member.memberId));
      let paid = 0;
      for (const row of won) {
        if (!crowd.has(row.memberId)) continue;
        // One who spent their cash since the draw cannot pay: their win lapses to the waitlist.
        if (await refused(ipo.pay(row.memberId, String(row.id)))) continue;
        paid += 1;
      }
      return paid;
    }
    return 0;
  }

  /**
   * The applicants and crowd who have declared by now: spread evenly over the first four fifths
   * of book-building (the k-th of n at open + (k+1)/n of it), so the odds climb while the demo
   * member watches and all have declared before a pass that comes late could miss the close.
   * Those who declared already are skipped.
   */
  private async crowdDeclares(id: number, openMs: number, closeMs: number, nowMs: number): Promise<number> {
    const { db, ipo } = this.deps;
    const crowd = await this.crowd();
    const declared = new Set(
      (await db.transaction((tx) => subscriptionsIn(tx, id, ["declared", "cancelled"]))).map(
        (row) => row.memberId,
      ),
    );
    const stepMs = ((closeMs - openMs) * 0.8) / Math.max(1, crowd.length);
    let made = 0;
    for (const [place, member] of crowd.entries()) {
      if (nowMs < openMs + (place + 1) * stepMs) break;
      if (declared.has(member.memberId)) continue;
      // One whose account was frozen meanwhile is refused, as anyone would be; the rest go on.
      if (await refused(ipo.subscribe(member.memberId, String(id), { price: null, units: member.units })))
        continue;
      made += 1;
    }
    return made;
  }

  /** The demo applicants and crowd who exist (the background seed registers them), in account order. */
  private async crowd(): Promise<{ memberId: string; units: number }[]> {
    const units = new Map([...demoApplicants, ...demoCrowd].map((person) => [person.account, person.units]));
    const rows = mapRows(
      await this.deps.db.execute(
        sql`select id, account from members where account like '090222%' order by account`,
      ),
      (row) => ({ memberId: row.text("id"), account: row.text("account") }),
    );
    return rows.flatMap((row) => {
      const asked = units.get(row.account);
      return asked === undefined ? [] : [{ memberId: row.memberId, units: asked }];
    });
  }
}

/** Whether a member's step was refused with a member's error (as any member's might be). */
async function refused(step: Promise<unknown>): Promise<boolean> {
  try {
    await step;
    return false;
  } catch (error) {
    if (error instanceof AppError) return true;
    throw error;
  }
}
