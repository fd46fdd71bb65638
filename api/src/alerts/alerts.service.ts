import type { Bus } from "@kabuto/bus";
import {
  type AlertKind,
  type AlertQuote,
  activeAlertsMax,
  decide,
  fiveMinuteFigures,
  fiveMinutesMs,
  type QuoteSample,
  readsFiveMinutes,
  thresholdProblem,
} from "@kabuto/shared/alerts/rules";
import type { Alert, AlertList, AlertNotice, createAlertSchema } from "@kabuto/shared/api/alerts";
import { sessionAt } from "@kabuto/shared/market/sessions";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import type { Market } from "@kabuto/shared/symbols";
import { type InstrumentSymbol, symbolMarket } from "@kabuto/shared/symbols";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { lockMember } from "../kernel/members.repo.ts";
import type { PushService } from "../push/push.service.ts";
import {
  type AlertNoticeRow,
  type AlertRow,
  activeAlertCount,
  activeAlerts,
  averageDailyVolume,
  deleteAlert,
  fireAlert,
  insertAlert,
  insertNotice,
  memberAlerts,
  memberNotices,
  rearmAlert,
} from "./alerts.repo.ts";

export type CreateAlertRequest = z.output<typeof createAlertSchema>;

/** Alerts looked at per worker pass; the rest wait for the next. */
const alertsPerPassMax = 20_000;
/** Notices the member's list shows. */
const noticesShown = 50;
/** Five-minute blocks in a regular session: Tokyo 9:00–11:30 and 12:30–15:30, New York 9:30–16:00. */
const fiveMinuteBlocks: Record<Market, number> = { JP: 66, US: 78 };
/** Past sessions a stock's usual volume is averaged over. */
const usualVolumeDays = 20;

/**
 * Price alerts: a member sets a condition on a stock's last price or day change, and the worker
 * fires it on the feed's quotes, once, once a trading day or every time it comes true again. A
 * firing writes a notice and tells the member's sockets (`alert`) once it has committed.
 */
export class AlertsService {
  private readonly db: Db;
  private readonly bus: Bus;
  private readonly isKnown: (symbol: string) => boolean;
  private readonly events: AccountEvents;
  /** The member's installed apps, told of each firing once it has committed. */
  private readonly push: Pick<PushService, "tell">;
  private readonly now: () => number;
  private readonly alwaysOpen: boolean;
  /**
   * The worker's looks at each stock with a five-minute alert, a pass apart, over the last five
   * minutes and a little more. Kept in memory: after a restart those alerts wait five minutes.
   */
  private readonly looks = new Map<string, QuoteSample[]>();
  /** Each stock's usual five minutes of volume, read once a trading day. */
  private readonly usual = new Map<string, { date: string; volume: number | undefined }>();

  constructor(deps: {
    db: Db;
    bus: Bus;
    isKnown: (symbol: string) => boolean;
    events: AccountEvents;
    push: Pick<PushService, "tell">;
    now: () => number;
    alwaysOpen: boolean;
  }) {
    this.db = deps.db;
    this.bus = deps.bus;
    this.isKnown = deps.isKnown;
    this.events = deps.events;
    this.push = deps.push;
    this.now = deps.now;
    this.alwaysOpen = deps.alwaysOpen;
  }

  async list(memberId: string): Promise<AlertList> {
    return { items: (await memberAlerts(this.db, memberId)).map(toAlert), max: activeAlertsMax };
  }

  async notices(memberId: string): Promise<{ items: AlertNotice[] }> {
    return { items: (await memberNotices(this.db, memberId, noticesShown)).map(toNotice) };
  }

  /**
   * Sets an alert. Its threshold must not be met by the quote already (it would fire at once for
   * nothing new), and the member may hold `activeAlertsMax` active alerts.
   */
  async create(memberId: string, body: CreateAlertRequest, claim?: Claim): Promise<Keyed<Alert>> {
    if (!this.isKnown(body.symbol)) throw new AppError("SYMBOL_NOT_FOUND");
    const quote = (await this.quotes([body.symbol])).get(body.symbol);
    if (!quote) throw new AppError("PRICE_UNAVAILABLE");
    const threshold = normalised(body.threshold);
    const problem = thresholdProblem(body.kind, threshold, quote);
    if (problem) throw new AppError(problem, { last: quote.last, changePct: quote.changePct });
    const nowMs = this.now();
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        // The member's row lock serialises their requests: two at once cannot pass the cap together.
        await lockMember(tx, memberId);
        if ((await activeAlertCount(tx, memberId)) >= activeAlertsMax)
          throw new AppError("ALERTS_LIMIT", { max: activeAlertsMax });
        const row = await insertAlert(tx, {
          memberId,
          symbol: body.symbol,
          kind: body.kind,
          threshold,
          frequency: body.frequency,
          nowMs,
        });
        return toAlert(row);
      }),
    );
  }

  /** Deletes one of the member's alerts; deleting it again changes nothing. */
  async remove(memberId: string, id: string): Promise<{ ok: true }> {
    const alertId = numericId(id, "ALERT_NOT_FOUND");
    if (!(await deleteAlert(this.db, memberId, alertId))) throw new AppError("ALERT_NOT_FOUND");
    return { ok: true };
  }

  /**
   * One worker pass: every active alert against its stock's newest quote. A firing is its own
   * transaction whose conditional update another worker's cannot repeat.
   */
  async evaluate(): Promise<{ fired: number; rearmed: number }> {
    const rows = await activeAlerts(this.db, alertsPerPassMax);
    if (rows.length === 0) return { fired: 0, rearmed: 0 };
    const quotes = await this.quotes([...new Set(rows.map((row) => row.symbol))]);
    const nowMs = this.now();
    await this.watchFiveMinutes(
      new Set(rows.filter((row) => readsFiveMinutes(row.kind)).map((row) => row.symbol)),
      quotes,
      nowMs,
    );
    let fired = 0;
    let rearmed = 0;
    for (const row of rows) {
      const quote = quotes.get(row.symbol);
      if (!quote) continue;
      const date = this.tradingDate(row.symbol, nowMs);
      const verdict = decide(row, quote, date);
      if (verdict === "rearm") {
        await rearmAlert(this.db, row.id);
        rearmed += 1;
      } else if (verdict === "fire" && (await this.fire(row, quote, date, nowMs))) {
        fired += 1;
      }
    }
    return { fired, rearmed };
  }

  /**
   * Fires an alert: its notice and the socket event in one transaction, then, once committed, a
   * push to the member's installed apps. The push is not awaited: a slow push service must not
   * hold up the other alerts of the pass (the service logs its own failures).
   */
  private async fire(row: AlertRow, quote: AlertQuote, date: string, nowMs: number): Promise<boolean> {
    const notice = await transactThenEmit(this.db, this.events, async (tx) => {
      const firing = await fireAlert(tx, row.id, date, nowMs);
      if (!firing) return { value: null, events: [] };
      const notice = await insertNotice(tx, {
        alertId: firing.id,
        memberId: firing.memberId,
        symbol: firing.symbol,
        kind: firing.kind,
        threshold: firing.threshold,
        price: quote.last,
        changePct: quote.changePct,
        figure: figureOf(firing.kind, quote),
        firedAtMs: nowMs,
      });
      return {
        value: notice,
        events: [{ memberId: firing.memberId, event: { type: "alert", id: String(notice.id) } }],
      };
    });
    if (!notice) return false;
    const { memberId, symbol, kind, threshold, price } = notice;
    void this.push.tell(memberId, { type: "alert", id: String(notice.id), symbol, kind, threshold, price });
    return true;
  }

  /**
   * Records this pass's look at each stock a five-minute alert watches, drops looks older than
   * the window needs and stocks nobody watches, and puts the five-minute figures on its quote.
   */
  private async watchFiveMinutes(
    symbols: ReadonlySet<string>,
    quotes: Map<string, AlertQuote & { volume: number }>,
    nowMs: number,
  ): Promise<void> {
    for (const symbol of this.looks.keys()) if (!symbols.has(symbol)) this.looks.delete(symbol);
    for (const symbol of symbols) {
      const quote = quotes.get(symbol);
      if (!quote) continue;
      const looks = this.looks.get(symbol) ?? [];
      looks.push({ ms: nowMs, last: Number(quote.last), volume: quote.volume });
      // The newest look five minutes old stays: it is the base of the next pass's figures.
      while (looks.length > 1 && (looks[1]?.ms ?? nowMs) <= nowMs - fiveMinutesMs) looks.shift();
      this.looks.set(symbol, looks);
      Object.assign(quote, fiveMinuteFigures(looks, await this.usualVolume(symbol, nowMs)));
    }
  }

  /**
   * A stock's usual five minutes of volume: its average day over the last twenty sessions before
   * today (the feed's daily candles), spread evenly over a regular session.
   */
  private async usualVolume(symbol: string, nowMs: number): Promise<number | undefined> {
    const date = this.tradingDate(symbol, nowMs);
    const known = this.usual.get(symbol);
    if (known?.date === date) return known.volume;
    const market = symbolMarket(symbol as InstrumentSymbol) ?? "JP";
    const average = await averageDailyVolume(this.db, symbol, usualVolumeDays);
    const volume = average === undefined ? undefined : average / fiveMinuteBlocks[market];
    this.usual.set(symbol, { date, volume });
    return volume;
  }

  private tradingDate(symbol: string, nowMs: number): string {
    const market = symbolMarket(symbol as InstrumentSymbol) ?? "JP";
    return sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).tradingDate;
  }

  private async quotes(symbols: readonly string[]): Promise<Map<string, AlertQuote & { volume: number }>> {
    const updates = await this.bus.snapshots(symbols.map((symbol) => quoteTopic(symbol)));
    return new Map(
      updates.map((update) => [
        update.data.symbol,
        { last: update.data.last, changePct: update.data.changePct, volume: update.data.volume },
      ]),
    );
  }
}

/** `3000.50` and `3000.5` are one threshold: trailing zeros and a bare point go. */
function normalised(decimal: string): string {
  if (!decimal.includes(".")) return decimal.replace(/^0+(?=\d)/, "");
  return decimal
    .replace(/^0+(?=\d)/, "")
    .replace(/0+$/, "")
    .replace(/\.$/, "");
}

/** What met a five-minute alert, as its notice keeps it: the move in percent, or the volume multiple. */
function figureOf(kind: AlertKind, quote: AlertQuote): string | null {
  if (kind === "move_5m" && quote.move5mPct !== undefined) return quote.move5mPct.toFixed(2);
  if (kind === "volume_spike" && quote.volumeRatio5m !== undefined) return quote.volumeRatio5m.toFixed(1);
  return null;
}

function toAlert(row: AlertRow): Alert {
  return {
    id: String(row.id),
    symbol: row.symbol as InstrumentSymbol,
    kind: row.kind,
    threshold: row.threshold,
    frequency: row.frequency,
    status: row.status === "done" ? "done" : "active",
    createdAtMs: row.createdAtMs,
    firedCount: row.firedCount,
    lastFiredAtMs: row.lastFiredAtMs,
  };
}

function toNotice(row: AlertNoticeRow): AlertNotice {
  return {
    id: String(row.id),
    alertId: String(row.alertId),
    symbol: row.symbol as InstrumentSymbol,
    kind: row.kind,
    threshold: row.threshold,
    price: row.price,
    changePct: row.changePct,
    figure: row.figure,
    firedAtMs: row.firedAtMs,
  };
}
