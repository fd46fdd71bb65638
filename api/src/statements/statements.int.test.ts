import { createCatalog } from "@kabuto/feed";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { mapRows } from "../db/raw-rows.ts";
import { DividendsService, dividendTermsOf } from "../dividends/dividends.service.ts";
import { fundPassword, readyToWithdraw } from "../funding/funding-fixtures.ts";
import { houseAccount, memberAccount, transfer } from "../ledger/journal.ts";
import { postJournal } from "../ledger/ledger.repo.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { testConfig } from "../testing/test-env.ts";

/**
 * One member's March 2027 in Tokyo: a deposit, a Toyota long held across its ex-date (30 March)
 * and closed after it, the dividend, and a withdrawal paid out. The clock starts at 10:00 in
 * Tokyo on Monday 29 March.
 */
const startMs = Date.parse("2027-03-29T01:00:00Z");
const hourMs = 3_600_000;

let app: TestApp;
let member: { auth: Record<string, string>; memberId: string };

beforeAll(async () => {
  app = await startTestApp({}, { startMs });
  await seedDemo(app.database.db, startMs);
  setMarket(app.bus, "JP:7203", [["2650", 100_000]], [["2650.5", 100_000]], { up: "3150", down: "2150.5" });
  member = await registerMember(app.url, app.database);
  const cardId = await readyToWithdraw(app.database, member.memberId);
  await app.database.db.transaction((tx) =>
    postJournal(
      tx,
      {
        kind: "deposit",
        memberId: member.memberId,
        ref: "test:deposit",
        memo: null,
        description: null,
        postings: transfer(
          houseAccount("clearing", "JPY"),
          memberAccount(member.memberId, "available", "JPY"),
          3_000_000n,
        ),
      },
      app.now(),
    ),
  );
  const placed = await call(
    `${app.url}/orders`,
    "POST",
    { symbol: "JP:7203", side: "long", type: "market", quantity: 300, leverage: 1 },
    member.auth,
  );
  expect(placed.status).toBe(201);
  // 10:00 on the ex-date: the long is paid its dividend, then sold.
  app.advance(24 * hourMs);
  const dividends = new DividendsService({
    db: app.database.db,
    catalog: createCatalog(),
    now: app.now,
    events: () => undefined,
    terms: dividendTermsOf(testConfig()),
  });
  expect(await dividends.pay()).toBe(1);
  const closed = await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, member.auth);
  expect(closed.status).toBe(200);
  const asked = await call(
    `${app.url}/withdrawals`,
    "POST",
    { cardId, currency: "JPY", amount: "100000", fundPassword },
    member.auth,
  );
  expect(asked.status).toBe(201);
  const maker = (await signInStaff(app, "reviewer")).auth;
  const checker = (await signInStaff(app, "reviewer")).auth;
  const id = asked.body.id;
  expect((await call(`${app.url}/ops/withdrawals/${id}/check`, "POST", {}, maker)).status).toBe(200);
  const approved = await call(
    `${app.url}/ops/withdrawals/${id}/review`,
    "POST",
    { decision: "approve" },
    checker,
  );
  expect(approved.status).toBe(200);
  expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
});
afterAll(async () => {
  await app?.close();
});

/** Fetches a file: its status, headers and bytes (or the error's code). */
async function download(path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.url}${path}`, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const code = response.ok
    ? undefined
    : (JSON.parse(bytes.toString("utf8")) as { error: { code: string } }).error.code;
  return { status: response.status, headers: response.headers, bytes, code };
}

const mine = (query: string) => download(`/statements/file?${query}`, { headers: member.auth });

/** Every line of text in a PDF, page by page. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

/** The ledger's own figures for the member in [startMs, endMs) and their live balances, per "currency purpose". */
async function ledgerFigures(startMs: number, endMs: number) {
  const moved = mapRows(
    await app.database.db.execute(sql`
      select a.currency, a.purpose, sum(e.amount)::text as amount
        from entries e join ledger_accounts a on a.id = e.account_id join journals j on j.id = e.journal_id
       where a.member_id = ${member.memberId} and j.created_at_ms >= ${startMs} and j.created_at_ms < ${endMs}
       group by a.currency, a.purpose`),
    (row) => [`${row.text("currency")} ${row.text("purpose")}`, row.bigint("amount")] as const,
  );
  const live = mapRows(
    await app.database.db.execute(
      sql`select currency, purpose, balance::text as balance from ledger_accounts where member_id = ${member.memberId}`,
    ),
    (row) => [`${row.text("currency")} ${row.text("purpose")}`, row.bigint("balance")] as const,
  );
  return { moved: new Map(moved), live: new Map(live) };
}

async function countsOf(): Promise<{ audit: number; journals: number }> {
  const [row] = mapRows(
    await app.database.db.execute(
      sql`select (select count(*) from audit_log)::int as audit, (select count(*) from journals)::int as journals`,
    ),
    (found) => ({ audit: found.int("audit"), journals: found.int("journals") }),
  );
  return row as { audit: number; journals: number };
}

const purposeColumns = ["利用可能額", "拘束額", "証拠金", "不足金", "ローン残高", "コピー中"];
const purposes = ["available", "held", "margin", "deficit", "loan", "copy"];

/** The CSV's rows of one kind (its first column), each as "currency purpose" → minor units. */
function csvFigures(rows: Record<string, string>[], rowKind: string): Map<string, bigint> {
  const figures = new Map<string, bigint>();
  for (const row of rows.filter((r) => r.行の種類 === rowKind)) {
    purposeColumns.forEach((column, index) => {
      const key = `${row.通貨} ${purposes[index]}`;
      // Yen has no minor digits: the CSV's figure is the ledger's.
      figures.set(key, (figures.get(key) ?? 0n) + BigInt(row[column] ?? "0"));
    });
  }
  return figures;
}

/** Drops the zeros, so figures compare by what moved. */
const nonZero = (figures: Map<string, bigint>) => new Map([...figures].filter(([, amount]) => amount !== 0n));

describe("a member's statement", () => {
  const march = {
    startMs: Date.parse("2027-03-01T00:00:00+09:00"),
    endMs: Date.parse("2027-04-01T00:00:00+09:00"),
  };

  it("lists the months with activity and the years of the account", async () => {
    const periods = await call(`${app.url}/statements`, "GET", undefined, member.auth);
    expect(periods.status).toBe(200);
    expect(periods.body).toEqual({ months: ["2027-03"], years: ["2027"] });
  });

  it("adds up in CSV to the ledger's movements for the month and to the live balances", async () => {
    const file = await mine("period=2027-03&format=csv");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(
      'attachment; filename="kabuto-statement-2027-03.csv"',
    );
    const rows: Record<string, string>[] = parse(file.bytes, { bom: true, columns: true });
    const kinds = new Set(rows.filter((row) => row.行の種類 === "取引").map((row) => row.種類));
    // The fund records' words, in Japanese by default.
    expect(kinds).toEqual(
      new Set(["入金", "建玉", "売買手数料", "配当落調整金", "決済", "出金申請（拘束）", "出金"]),
    );
    // Each line's remark reads as the fund records read it.
    expect(rows.find((row) => row.種類 === "建玉")?.内容).toBe("7203 買い 300株 @2,650.5（1倍）");
    const ledger = await ledgerFigures(march.startMs, march.endMs);
    const opening = csvFigures(rows, "期首残高");
    const movements = csvFigures(rows, "取引");
    const closing = csvFigures(rows, "期末残高");
    expect(nonZero(movements)).toEqual(nonZero(ledger.moved));
    expect(nonZero(opening)).toEqual(new Map());
    // The month is still running: its closing balance is the live one, and opening plus movements.
    expect(nonZero(closing)).toEqual(nonZero(ledger.live));
    for (const [key, amount] of closing)
      expect((opening.get(key) ?? 0n) + (movements.get(key) ?? 0n)).toBe(amount);
    // The tax withheld from the dividend: 300 × ¥47.8 = ¥14,340 less 15.315%, ¥2,196 withheld.
    expect(rows.find((row) => row.行の種類 === "源泉徴収税額")?.合計).toBe("2196");
  });

  it("reads in the member's language as a PDF, and reconciles once the month has ended", async () => {
    const english = await mine("period=2027-03&format=pdf&lang=en");
    expect(english.status).toBe(200);
    expect(english.headers.get("content-type")).toBe("application/pdf");
    expect(english.headers.get("content-disposition")).toBe(
      'attachment; filename="kabuto-statement-2027-03.pdf"',
    );
    const englishText = await pdfText(english.bytes);
    expect(englishText).toContain("Monthly statement");
    expect(englishText).toContain("Withdrawal paid");
    expect(englishText).toContain("Dividend adjustment");
    // Embedded fonts are subset: a statement is tens of kilobytes, not the font's megabytes.
    expect(english.bytes.length).toBeLessThan(200_000);

    const chinese = await pdfText((await mine("period=2027-03&format=pdf&lang=zh-Hant")).bytes);
    expect(chinese).toContain("月結單");
    expect(chinese).toContain("出金完成");

    // April: March is closed, its closing balance read from the ledger at its end.
    app.advance(Date.parse("2027-04-02T01:00:00Z") - app.now());
    const closedMonth = await mine("period=2027-03&format=csv");
    const rows: Record<string, string>[] = parse(closedMonth.bytes, { bom: true, columns: true });
    expect(nonZero(csvFigures(rows, "期末残高"))).toEqual(
      nonZero((await ledgerFigures(march.startMs, march.endMs)).live),
    );
    const year = await mine("period=2027&format=pdf");
    expect(year.headers.get("content-disposition")).toBe(
      'attachment; filename="kabuto-trade-report-2027.pdf"',
    );
    const yearText = await pdfText(year.bytes);
    expect(yearText).toContain("年間取引報告書");
    expect(yearText).toContain("配当落調整金");
  });

  it("refuses a period not begun, one before joining, and a bad period, format or language, changing nothing", async () => {
    const before = await countsOf();
    const refusals = [
      ["period=2027-05&format=pdf", "STATEMENT_PERIOD_FUTURE"],
      ["period=2027-02&format=csv", "STATEMENT_PERIOD_BEFORE_JOINING"],
      ["period=2027-13&format=csv", "STATEMENT_PERIOD_INVALID"],
      ["format=csv", "STATEMENT_PERIOD_INVALID"],
      ["period=2027-03&format=xlsx", "STATEMENT_FORMAT_INVALID"],
      ["period=2027-03&format=csv&lang=fr", "STATEMENT_LANGUAGE_INVALID"],
    ];
    for (const [query, code] of refusals) {
      const refused = await mine(query as string);
      expect({ query, status: refused.status, code: refused.code }).toEqual({ query, status: 400, code });
    }
    expect((await download("/statements/file?period=2027-03&format=csv")).status).toBe(401);
    expect(await countsOf()).toEqual(before);
  });
});

describe("a statement staff produce", () => {
  // Signed in after the member's tests moved the clock into April, so their session is fresh.
  let reviewer: Record<string, string>;
  beforeAll(async () => {
    reviewer = (await signInStaff(app, "reviewer")).auth;
  });
  const produce = (memberId: string, body: unknown, auth?: Record<string, string>) =>
    download(`/ops/members/${memberId}/statements`, {
      method: "POST",
      headers: { ...(auth ?? reviewer), "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("is the member's file, and the audit log names who produced which period", async () => {
    const supervisor = (await signInStaff(app, "supervisor")).auth;
    const before = await countsOf();
    const produced = await produce(member.memberId, { period: "2027-03", format: "pdf", lang: "en" });
    expect(produced.status).toBe(200);
    expect(produced.headers.get("content-disposition")).toBe(
      'attachment; filename="kabuto-statement-2027-03.pdf"',
    );
    expect(await pdfText(produced.bytes)).toContain("Monthly statement");
    const audit = await call(
      `${app.url}/ops/audit?target=member:${member.memberId}`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.body.items[0]).toMatchObject({
      action: "statement.produce",
      after: { period: "2027-03", format: "pdf", lang: "en" },
    });
    expect(await countsOf()).toEqual({ ...before, audit: before.audit + 1 });
  });

  it("records nothing for a refused request, and is closed to members", async () => {
    const before = await countsOf();
    expect((await produce(member.memberId, { period: "2030-01", format: "csv" })).code).toBe(
      "STATEMENT_PERIOD_FUTURE",
    );
    expect((await produce(member.memberId, { period: "2027-03", format: "doc" })).code).toBe(
      "STATEMENT_FORMAT_INVALID",
    );
    expect(
      (await produce("00000000-0000-4000-8000-000000000000", { period: "2027-03", format: "csv" })).code,
    ).toBe("MEMBER_NOT_FOUND");
    const asMember = await produce(member.memberId, { period: "2027-03", format: "csv" }, member.auth);
    expect({ status: asMember.status, code: asMember.code }).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await countsOf()).toEqual(before);
  });
});
