import type { OfferingInput } from "@kabuto/shared/api/ipo";
import { type OfferingDates, offeringWindows } from "@kabuto/shared/ipo/rules";
import { nextTradingDay, previousTradingDay } from "@kabuto/shared/market/calendar";
import { zonedIsoDate } from "@kabuto/shared/market/zone-time";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import { type DemoMemberDeps, type DemoPerson, seedFundedMember } from "../seed-members.ts";
import { IpoService } from "./ipo.service.ts";

const hourMs = 3_600_000;

/** The trading day `n` trading days from `date` (negative: before it). */
function tradingDaysFrom(date: string, n: number): string {
  let day = date;
  for (let i = 0; i < Math.abs(n); i++)
    day = n > 0 ? nextTradingDay("JP", day) : previousTradingDay("JP", day);
  return day;
}

/**
 * New shares for a newcomer's first embedded start, one in each state so every screen is alive:
 * one still to open, one in book-building, one priced and awaiting its draw, one in its payment
 * window with the demo member a winner, one listed this week. None of it moves the demo member's
 * money: the win waits for them to pay, and their placements come from their own subscriptions.
 * Names and codes are invented (TSE has issued no code with a letter in second place), so no
 * one mistakes them for real listings.
 */
const demoOfferings = [
  {
    code: "5X1A",
    name: { ja: "星空オービタル", en: "Hoshizora Orbital", zhHant: "星空軌道" },
    sector: "aerospace_defense",
    band: ["1800", "2100"],
    units: 12_000,
    offset: { open: 3, close: 6, price: 7, pay: 9, listing: 12 },
    state: "scheduled",
    crowded: false,
  },
  {
    code: "5X2A",
    name: { ja: "雲海ファーメンテーション", en: "Unkai Fermentation", zhHant: "雲海發酵" },
    sector: "food_beverage",
    band: ["940", "1020"],
    units: 8_000,
    offset: { open: -2, close: 2, price: 3, pay: 5, listing: 8 },
    state: "book",
    crowded: false,
  },
  {
    code: "5X3A",
    name: { ja: "つばめグリッド電力", en: "Tsubame Grid Power", zhHant: "燕子電網" },
    sector: "utilities",
    band: ["2400", "2650"],
    // A broker's retail lot of a popular new share: hundreds ask for it, a few units go round.
    units: 4,
    offset: { open: -5, close: -2, price: -1, pay: 2, listing: 5 },
    state: "priced",
    crowded: true,
  },
  {
    code: "5X4A",
    name: { ja: "水引ラーニング", en: "Mizuhiki Learning", zhHant: "水引學習" },
    sector: "it_services",
    band: ["1450", "1600"],
    units: 6_000,
    offset: { open: -7, close: -5, price: -4, pay: 1, listing: 4 },
    state: "payment",
    crowded: false,
  },
  {
    code: "5X5A",
    name: { ja: "花火量子工業", en: "Hanabi Quantum Works", zhHant: "花火量子工業" },
    sector: "semiconductors",
    band: ["3100", "3400"],
    // Sized to its demo applicants, who are real members: tens of times more asked than offered,
    // as a new share that lists 20% up was asked for.
    units: 8,
    offset: { open: -12, close: -10, price: -9, pay: -6, listing: -1 },
    state: "listed",
    crowded: true,
  },
] as const;

/**
 * Who subscribed to the listed demo offering, and the units each asked for: members nobody
 * invited (so no one's rewards change), registered, verified and funded through the services
 * before its book-building opened.
 */
export const demoApplicants: readonly (DemoPerson & { units: number })[] = [
  { account: "09022240001", name: "鈴木 一郎", nameKana: "スズキ イチロウ", units: 1 },
  { account: "09022240002", name: "高橋 美咲", nameKana: "タカハシ ミサキ", units: 2 },
  { account: "09022240003", name: "田中 健", nameKana: "タナカ ケン", units: 1 },
  { account: "09022240004", name: "伊藤 さくら", nameKana: "イトウ サクラ", units: 2 },
  { account: "09022240005", name: "渡辺 翔太", nameKana: "ワタナベ ショウタ", units: 1 },
  { account: "09022240006", name: "中村 陽菜", nameKana: "ナカムラ ヒナ", units: 2 },
  { account: "09022240007", name: "小林 大輔", nameKana: "コバヤシ ダイスケ", units: 1 },
].map((applicant) => ({ ...applicant, password: "guest1234" }));

const crowdFamilies = [
  ["佐藤", "サトウ"],
  ["鈴木", "スズキ"],
  ["高橋", "タカハシ"],
  ["田中", "タナカ"],
  ["伊藤", "イトウ"],
  ["渡辺", "ワタナベ"],
  ["山本", "ヤマモト"],
  ["中村", "ナカムラ"],
  ["小林", "コバヤシ"],
  ["加藤", "カトウ"],
  ["吉田", "ヨシダ"],
  ["山田", "ヤマダ"],
  ["佐々木", "ササキ"],
  ["山口", "ヤマグチ"],
  ["松本", "マツモト"],
  ["井上", "イノウエ"],
  ["木村", "キムラ"],
  ["林", "ハヤシ"],
  ["斎藤", "サイトウ"],
  ["清水", "シミズ"],
] as const;

/** Sixteen given names: with the twenty families above, 320 people no two of whom share a name. */
const crowdGivenNames = [
  ["大翔", "ヒロト"],
  ["結衣", "ユイ"],
  ["蓮", "レン"],
  ["陽葵", "ヒマリ"],
  ["湊", "ミナト"],
  ["芽依", "メイ"],
  ["悠真", "ユウマ"],
  ["凛", "リン"],
  ["健太", "ケンタ"],
  ["真由美", "マユミ"],
  ["誠", "マコト"],
  ["恵子", "ケイコ"],
  ["隆", "タカシ"],
  ["裕子", "ユウコ"],
  ["拓海", "タクミ"],
  ["美穂", "ミホ"],
] as const;

/** How many more members a crowded demo offering draws, beyond the seven named applicants. */
export const demoCrowdSize = 300;

/**
 * The crowd behind the crowded demo offerings: members nobody invited, each asking for one unit,
 * every fifth for two, as retail demand for a popular Japanese IPO looks. Accounts 0902223xxxx,
 * password `guest1234`.
 */
export const demoCrowd: readonly (DemoPerson & { units: number })[] = Array.from(
  { length: demoCrowdSize },
  (_, i) => {
    const [family, familyKana] = crowdFamilies[i % crowdFamilies.length] ?? crowdFamilies[0];
    // 5 and 16 are coprime, so each family meets every given name once in 320 people.
    const k = Math.floor(i / crowdFamilies.length);
    const [given, givenKana] =
      crowdGivenNames[(5 * k + (i % crowdFamilies.length)) % crowdGivenNames.length] ?? crowdGivenNames[0];
    return {
      account: `0902223${String(i).padStart(4, "0")}`,
      password: "guest1234",
      name: `${family} ${given}`,
      nameKana: `${familyKana} ${givenKana}`,
      units: i % 5 === 0 ? 2 : 1,
    };
  },
);

/**
 * Each applicant's cash: two units at the top of the listed one's band (680,000 yen) and some to
 * spare, so a winner of two units pays.
 */
const applicantYen = 1_000_000;

/**
 * Which demo offerings a stage makes: those the demo member acts on at `start`, where a newcomer
 * sees them at once; the crowded ones, whose hundreds of applicants take a while to register, in
 * the background (`history`).
 */
export type DemoOfferingStage = "start" | "history";

/**
 * Creates the demo offerings of `stage` through the service operations use, walking a clock of
 * its own through each offering's timeline (created, declared in book-building, priced, drawn,
 * paid, listed), so every row, journal and audit entry is what those steps write on those days.
 * The crowded ones are subscribed by the demo applicants and the crowd (when `applicants` can
 * make them: the demo admin and a yen channel exist), spread over their book-building; the
 * listed one's winners pay and are allotted on listing day, so a share trading above its offer
 * price shows who asked for it. Runs only while none of the stage's offerings exists; the listed
 * one is seeded first, and its listing moves no other (their deadlines are later). Returns how
 * many it created.
 */
export async function seedDemoOfferings(
  db: Db,
  demoMemberId: string,
  nowMs: number,
  stage: DemoOfferingStage,
  applicants?: DemoMemberDeps,
  /** How many of the crowd ask too (`DEMO_IPO_CROWD`). */
  crowdSize: number = demoCrowdSize,
): Promise<number> {
  const ours = demoOfferings.filter((demo) => demo.crowded === (stage === "history"));
  const codes = ours.map((demo) => demo.code);
  const existing = mapRows(
    await db.execute(
      sql`select count(*) as n from ipo_offerings where code in (${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )})`,
    ),
    (row) => row.int("n"),
  );
  if ((existing[0] ?? 0) > 0) return 0;
  let clock = nowMs;
  const ipo = new IpoService({ db, now: () => clock, events: () => undefined });
  const context = () => ({ nowMs: clock, ip: "" });
  const today = zonedIsoDate("Asia/Tokyo", nowMs);
  let subscribers: { memberId: string; units: number }[] | undefined;
  for (const demo of [...ours].reverse()) {
    const dates: OfferingDates = {
      bookOpenDate: tradingDaysFrom(today, demo.offset.open),
      bookCloseDate: tradingDaysFrom(today, demo.offset.close),
      priceDate: tradingDaysFrom(today, demo.offset.price),
      paymentEndDate: tradingDaysFrom(today, demo.offset.pay),
      listingDate: tradingDaysFrom(today, demo.offset.listing),
    };
    const windows = offeringWindows("JP", dates);
    const input: OfferingInput = {
      code: demo.code,
      market: "JP",
      name: demo.name,
      sector: demo.sector,
      bandLow: demo.band[0],
      bandHigh: demo.band[1],
      unitsOffered: demo.units,
      ...dates,
      lockupDays: demo.state === "listed" ? 90 : 0,
      releaseMultiple: demo.state === "listed" ? "1.5" : null,
    };
    clock = Math.min(nowMs, windows.bookOpenMs - 24 * hourMs);
    // The crowd registers once, before the first crowded offering's book-building.
    if (demo.crowded && applicants && !subscribers)
      subscribers = await seedApplicants(applicants, clock - 24 * hourMs, crowdSize);
    const created = await ipo.create(input, null, context());
    const id = created.offering.id;
    if (demo.state === "scheduled") continue;
    // Each applicant declared at the offer price, one after another over book-building.
    const crowd = demo.crowded ? (subscribers ?? []) : [];
    const stepMs = (windows.bookCloseMs - windows.bookOpenMs) / (crowd.length + 2);
    for (const [place, subscriber] of crowd.entries()) {
      clock = Math.round(windows.bookOpenMs + (place + 1) * stepMs);
      await ipo.subscribe(subscriber.memberId, id, { price: null, units: subscriber.units });
    }
    if (demo.state === "priced" || demo.state === "payment") {
      // The demo member declared at the offer price during book-building.
      clock = windows.bookOpenMs + hourMs;
      await ipo.subscribe(demoMemberId, id, { price: null, units: 1 });
    }
    if (demo.state === "book") continue;
    // Priced at the band's top on the price date, as popular Japanese IPOs are.
    const priceDayMs = offeringWindows("JP", { ...dates, bookCloseDate: dates.priceDate }).bookCloseMs;
    clock = priceDayMs;
    await ipo.setPrice(id, demo.band[1], null, context());
    if (demo.state === "priced") continue;
    clock = priceDayMs + hourMs;
    await ipo.draw(id, null, context());
    if (demo.state === "payment") continue;
    // The winners pay the next morning; the waitlist's turn never comes.
    clock = priceDayMs + 18 * hourMs;
    for (const { memberId } of crowd) {
      const won = (await ipo.records(memberId)).find(
        (record) => record.offeringId === id && record.state === "won",
      );
      if (won) await ipo.pay(memberId, won.id);
    }
    clock = windows.listingMs + hourMs;
    await ipo.advance();
  }
  return ours.length;
}

/** The demo applicants and the crowd as members, made a day before `atMs`; none when they exist already. */
async function seedApplicants(
  deps: DemoMemberDeps,
  atMs: number,
  crowd: number,
): Promise<{ memberId: string; units: number }[]> {
  const made: { memberId: string; units: number }[] = [];
  for (const applicant of [...demoApplicants, ...demoCrowd.slice(0, crowd)]) {
    const memberId = await seedFundedMember(
      deps,
      applicant,
      { registeredAtMs: atMs - 24 * hourMs, fundedAtMs: atMs },
      applicantYen,
    );
    if (memberId !== undefined) made.push({ memberId, units: applicant.units });
  }
  return made;
}
