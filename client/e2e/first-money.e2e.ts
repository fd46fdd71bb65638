/**
 * A newcomer's first money journey, in Japanese, from an empty account to a withdrawal, in the
 * order the README walks it: register, send verification, staff approve it, ask for a deposit
 * through the demo channel embedded mode publishes, staff approve it, buy and close a position,
 * set a fund password and add a bank card, withdraw, staff pay it out. At each step the member's
 * own screens are read: balances, and fund records in Japanese words rather than the English
 * the ledger keeps. Staff work through the operations API (the console's own calls), as a
 * second staff member must approve what the first checked.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product, tapChoice } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };

const member = {
  account: `080${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
  password: "kabuto123",
  name: "佐藤 一郎",
  nameKana: "サトウ イチロウ",
  fundPassword: "135790",
};
/** The demo admin embedded mode seeds (README, "Operations console"). */
const admin = { login: "admin", password: "kabuto-ops-demo" };
/** A second staff member: the one who checks a payout may not approve it. */
const checker = { login: "approver", password: "approver-password-1", name: "承認 担当" };
/** The yen demo channel embedded mode publishes at its first start (api/src/seed.ts). */
const demoYenChannel = "かぶと銀行 本店 普通";

beforeAll(async () => {
  product = await openProduct("first-money", { FUND_HOURS: "always" });
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

const digits = (text: string | null) => (text ?? "").replace(/[^\d]/g, "");

/** A real JPEG, drawn by the browser itself: what a phone camera would hand the file input. */
async function photo(label: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 400;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.fillStyle = "#e8eef7";
    context.fillRect(0, 0, 640, 400);
    context.fillStyle = "#123";
    context.font = "48px sans-serif";
    context.fillText(text, 40, 200);
    return canvas.toDataURL("image/jpeg", 0.9);
  }, label);
  return {
    name: `${label}.jpg`,
    mimeType: "image/jpeg",
    buffer: Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"),
  };
}

/** The member's own view over the API (the page's cookies), to learn ids. */
async function memberGet<T>(path: string): Promise<T> {
  const response = await page.request.get(`${base}api/v1${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A staff call through the operations API; the staff session is a cookie of its own. */
async function staffPost(path: string, body: unknown): Promise<void> {
  const response = await page.request.post(`${base}api/v1/ops${path}`, { data: body });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

async function staffSignIn(login: string, password: string): Promise<void> {
  await staffPost("/auth/login", { login, password });
}

/** The yen the Mine tab shows as available. */
async function availableYen(): Promise<string> {
  await page.goto(`${base}#/user/usercenter`);
  const yen = page.locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-available]");
  await yen.waitFor();
  return digits(await yen.textContent());
}

/** The fund records' rows of one kind, as the member reads them. */
async function recordTexts(kind: string): Promise<string[]> {
  return page.locator(`[data-testid=fund-row][data-kind=${kind}]`).allTextContents();
}

let positionId = "";

describe("a newcomer's first money journey, in Japanese", () => {
  it("registers, with nothing to trade with yet", async () => {
    await page.goto(`${base}#/login/register`);
    await page.fill("#register-account", member.account);
    await page.fill("#register-password", member.password);
    await page.fill("#register-confirm", member.password);
    await page.fill("#register-invite", "KABUTO");
    await page.check("#register-terms");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ja");
    await expect.poll(availableYen, soon).toBe("0");
    await product.snap("first-money-01-registered");
  });

  it("sends real-name verification, which waits for staff", async () => {
    await page.goto(`${base}#/user/bandCard`);
    const form = page.locator("[data-testid=kyc-form]");
    await form.waitFor();
    await tapChoice(page.locator("input[name=kyc-document][value=driving_licence]"));
    await page.fill("#kyc-name", member.name);
    await page.fill("#kyc-name-kana", member.nameKana);
    await page.fill("#kyc-id-number", "987654321098");
    await page.setInputFiles("#kyc-front", await photo("front"));
    await page.setInputFiles("#kyc-back", await photo("back"));
    await form.locator("button[type=submit]").click();
    const status = page.locator("[data-testid=verification-status]").first();
    await expect.poll(() => status.getAttribute("data-status"), soon).toBe("pending");
    await product.snap("first-money-02-kyc-pending");
  });

  it("is verified once staff approve", async () => {
    const { application } = await memberGet<{ application: { id: string } }>("/kyc");
    await staffSignIn(admin.login, admin.password);
    await staffPost(`/kyc/${application.id}/review`, { decision: "approve" });
    await expect
      .poll(async () => (await memberGet<{ verification: string }>("/kyc")).verification, soon)
      .toBe("verified");
    // What the member sees on opening the screen again.
    await page.goto(`${base}#/user/usercenter`);
    await page.goto(`${base}#/user/bandCard`);
    const status = page.locator("[data-testid=verification-status]").first();
    await expect.poll(() => status.getAttribute("data-status"), soon).toBe("verified");
  });

  it("asks for a ¥1,000,000 deposit through the demo channel, with no staff setup", async () => {
    await page.goto(`${base}#/user/recharge`);
    // The demo channels are named in the reader's words: Japanese on a Japanese screen...
    const titles = page.locator("[data-testid=channel] .pick__title");
    await expect
      .poll(() => titles.allTextContents(), soon)
      .toEqual([`${demoYenChannel} JPY`, "かぶと銀行 外貨普通（米ドル） USD"]);
    // ...and English on an English one.
    await page.evaluate(() => localStorage.setItem("lang", "en"));
    await page.reload();
    await expect
      .poll(() => titles.allTextContents(), soon)
      .toEqual(["Kabuto Bank, Head Office (ordinary) JPY", "Kabuto Bank USD USD"]);
    await page.evaluate(() => localStorage.setItem("lang", "jp"));
    await page.reload();
    await tapChoice(
      page.locator("[data-testid=channel]", { hasText: demoYenChannel }).locator("input[name=channel]"),
    );
    await page.fill("#recharge-amount", "1000000");
    await page.click("[data-testid=recharge-next]");
    await page.locator("[data-testid=recharge-channel]").waitFor();
    await expect
      .poll(() => page.locator("[data-testid=channel-account]").textContent(), soon)
      .toContain("7654321");
    await page.setInputFiles("#recharge-receipt", await photo("receipt"));
    await page.click("[data-testid=recharge-submit]");
    await expect
      .poll(
        async () => (await memberGet<{ items: { status: string }[] }>("/deposits")).items[0]?.status,
        soon,
      )
      .toBe("pending");
    // Nothing is credited before staff approve it.
    expect(await availableYen()).toBe("0");
  });

  it("has the money once staff approve the deposit, with a deposit in the fund records", async () => {
    const { items } = await memberGet<{ items: { id: string }[] }>("/deposits");
    await staffPost(`/deposits/${items[0]?.id}/review`, { decision: "approve" });
    await expect.poll(availableYen, soon).toBe("1000000");
    await product.snap("first-money-03-funded");
    await page.goto(`${base}#/user/FundingDetails`);
    const deposit = page.locator("[data-testid=fund-row][data-kind=deposit]");
    await deposit.first().waitFor();
    expect(await deposit.locator(".fund-row__kind").textContent()).toBe("入金");
    expect(digits(await deposit.locator(".fund-row__amount").textContent())).toBe("1000000");
  });

  it("buys one lot of Toyota at market from the order sheet", async () => {
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
    await page.click("[data-testid=trade-long]");
    const sheet = page.locator("[data-testid=order-sheet]");
    await sheet.waitFor();
    await expect
      .poll(async () => digits(await sheet.locator("[data-testid=estimate-available]").textContent()), soon)
      .toBe("1000000");
    // Enough money: no call to deposit.
    expect(await sheet.locator("[data-testid=estimate-deposit]").count()).toBe(0);
    await page.click("[data-testid=order-submit]");
    await confirmStep(page);
    await sheet.waitFor({ state: "hidden" });
    await page.goto(`${base}#/position/position`);
    const row = page.locator("[data-testid=holding-row][data-symbol='JP:7203']").first();
    await row.waitFor();
    positionId = (await row.getAttribute("data-position")) ?? "";
    expect(positionId).toMatch(/^\d+$/);
  });

  it("closes it from the position's screen", async () => {
    await page.click(`[data-testid=holding-row][data-position='${positionId}']`);
    const detail = page.locator("[data-testid=position-detail]");
    await expect.poll(() => detail.getAttribute("data-status"), soon).toBe("holding");
    await page.click("[data-testid=close-position]");
    const dialog = page.locator("[data-testid=close-dialog]");
    await dialog.waitFor();
    await dialog.locator("button.button--primary").click();
    await expect.poll(() => detail.getAttribute("data-status"), soon).toBe("closed");
  });

  it("reads the trade in the fund records in Japanese", async () => {
    await page.goto(`${base}#/user/FundingDetails`);
    await page.locator("[data-testid=fund-row][data-kind=close]").first().waitFor();
    const memo = (kind: string) =>
      page.locator(`[data-testid=fund-row][data-kind=${kind}] [data-testid=fund-memo]`).allTextContents();
    // A market order goes by the smart route in the TSE's session: the memo says where it was done.
    expect(await memo("open")).toEqual([
      expect.stringMatching(
        /^7203 買い 100株 @[\d,.]+（1倍）（(東証|PTS|東証とPTSに分けて)で?約定）(（東証のみより.+有利）)?$/,
      ),
    ]);
    expect(await memo("close")).toEqual([expect.stringMatching(/^7203 買い建て 100株を返済 @[\d,.]+$/)]);
    expect(await memo("fee")).toEqual(["売却手数料", "買付手数料"]);
    for (const kind of ["open", "close", "fee"]) {
      expect((await recordTexts(kind)).join("")).not.toMatch(/long|fee|JP:/);
    }
    await product.snap("first-money-04-trade-records");
  });

  it("sets a fund password", async () => {
    await page.goto(`${base}#/user/setPassword`);
    const form = page.locator("[data-testid=fund-password-form]");
    await form.waitFor();
    await page.fill("#fund-proof", member.password);
    await page.fill("#fund-new", member.fundPassword);
    await page.fill("#fund-confirm", member.fundPassword);
    await form.locator("button[type=submit]").click();
    // The screen leads on once the password is set.
    await page.waitForURL((url) => !url.hash.startsWith("#/user/setPassword"));
    await expect
      .poll(async () => (await memberGet<{ fundPasswordSet: boolean }>("/me/security")).fundPasswordSet, soon)
      .toBe(true);
  });

  it("is told at the field that a bank name is too long, and by how much, then adds the card", async () => {
    await page.goto(`${base}#/user/WithCard`);
    const form = page.locator("[data-testid=card-form]");
    await form.waitFor();
    await page.fill("#card-holderName", member.nameKana);
    await page.fill("#card-bankName", "銀".repeat(65));
    await page.fill("#card-branchName", "新宿支店");
    await page.fill("#card-branchCode", "123");
    await tapChoice(page.locator("input[name=card-type][value=ordinary]"));
    await page.fill("#card-cardNumber", "1122334");
    await form.locator("button[type=submit]").click();
    await expect
      .poll(() => page.locator("#card-bankName-error").textContent(), soon)
      .toBe("64文字以内で入力してください。");
    await product.snap("first-money-05-card-too-long");
    await page.fill("#card-bankName", "三菱UFJ銀行");
    await form.locator("button[type=submit]").click();
    // Added, the member is taken to their cards, the number masked.
    await page.waitForURL(/#\/user\/BankCard$/);
    const cards = page.locator("[data-testid=bank-cards]");
    await expect.poll(() => cards.textContent(), soon).toMatch(/三菱UFJ銀行.*\*{4}\s?334/);
  });

  it("asks to withdraw ¥100,000, which is held at once", async () => {
    // Yen is the only currency this member holds, so the screen offers no choice of currency.
    await page.goto(`${base}#/user/withdraw`);
    await page.locator("form[data-testid=withdraw-form]").waitFor();
    expect(await page.locator("input[name=withdraw-currency]").count()).toBe(0);
    await expect
      .poll(
        async () => Number(digits(await page.locator("[data-testid=withdrawable-amount]").textContent())),
        soon,
      )
      .toBeGreaterThan(100_000);
    // The server's figure: a screen may show its last reading for a moment while it reads again.
    const account = await memberGet<{ balances: { currency: string; available: string }[] }>("/account");
    const before = Number(account.balances.find((balance) => balance.currency === "JPY")?.available);
    await page.goto(`${base}#/user/withdraw`);
    await tapChoice(page.locator("input[name=withdraw-card]").first());
    await page.fill("#withdraw-amount", "100000");
    await page.fill("#withdraw-fund-password", member.fundPassword);
    await page.click("[data-testid=withdraw-submit]");
    await expect
      .poll(
        async () => (await memberGet<{ items: { status: string }[] }>("/withdrawals")).items[0]?.status,
        soon,
      )
      .toBe("pending");
    await expect.poll(async () => Number(await availableYen()), soon).toBe(before - 100_000);
  });

  it("is paid out once one staff member checks it and another approves", async () => {
    const { items } = await memberGet<{ items: { id: string }[] }>("/withdrawals");
    const withdrawalId = items[0]?.id;
    await staffPost(`/withdrawals/${withdrawalId}/check`, { payoutReference: "FB-0001" });
    await staffPost("/staff", { ...checker, role: "supervisor" });
    await staffPost("/auth/logout", {});
    await staffSignIn(checker.login, checker.password);
    await staffPost(`/withdrawals/${withdrawalId}/review`, { decision: "approve" });
    await expect
      .poll(
        async () => (await memberGet<{ items: { status: string }[] }>("/withdrawals")).items[0]?.status,
        soon,
      )
      .toBe("approved");
  });

  it("reads every step in the fund records, in Japanese", async () => {
    await page.goto(`${base}#/user/FundingDetails`);
    await page.locator("[data-testid=fund-row][data-kind=withdrawal]").first().waitFor();
    const kinds = await page
      .locator("[data-testid=fund-row]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-kind")));
    expect(kinds).toEqual(["withdrawal", "withdrawal_hold", "fee", "close", "fee", "open", "deposit"]);
    const labels = await page.locator("[data-testid=fund-row] .fund-row__kind").allTextContents();
    expect(labels).toEqual(["出金", "出金申請（拘束）", "売買手数料", "決済", "売買手数料", "建玉", "入金"]);
    expect(digits((await recordTexts("withdrawal_hold"))[0] ?? "")).toContain("100000");
    await product.snap("first-money-06-records");
  });
});
