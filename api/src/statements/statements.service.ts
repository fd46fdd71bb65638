import type { StatementFormat, StatementPeriods } from "@kabuto/shared/api/statements";
import type { FormatLocale } from "@kabuto/shared/format";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../kernel/audit.ts";
import { isMemberId } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import {
  buildStatement,
  parsePeriod,
  type Statement,
  type StatementPeriod,
  tokyoMonthOf,
} from "./statement.ts";
import { statementCsv } from "./statement-csv.ts";
import { statementPdf } from "./statement-pdf.ts";
import { balancesAt, entriesBetween, memberSince, monthsWithJournals } from "./statements.repo.ts";

/** What a statement is asked for with: parsed by the endpoint's schema. */
export interface StatementChoice {
  period: string;
  format: StatementFormat;
  lang: FormatLocale;
}

/** A statement's file, ready to send. */
export interface StatementFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

const contentTypes: Record<StatementFormat, string> = {
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
};

/**
 * Member statements, made from the ledger alone: a Tokyo month's statement or a Tokyo year's
 * trade report, every entry on the member's accounts in the period grouped by journal, with the
 * balances at both ends, which must reconcile. Reading one changes nothing; staff producing one
 * for a member leaves a row in the audit log.
 */
export class StatementsService {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(deps: { db: Db; now: () => number }) {
    this.db = deps.db;
    this.now = deps.now;
  }

  /** The months with journals, newest first, and every Tokyo year from the member's first to now. */
  async periods(memberId: string): Promise<StatementPeriods> {
    const since = await memberSince(this.db, memberId);
    const months = await monthsWithJournals(this.db, memberId);
    if (!since) return { months, years: [] };
    const first = Number(tokyoMonthOf(since.sinceMs).slice(0, 4));
    const last = Number(tokyoMonthOf(this.now()).slice(0, 4));
    const years: string[] = [];
    for (let year = last; year >= first; year -= 1) years.push(String(year));
    return { months, years };
  }

  /** The member's own statement. */
  async forMember(memberId: string, choice: StatementChoice): Promise<StatementFile> {
    const since = await memberSince(this.db, memberId);
    if (!since) throw new AppError("UNAUTHENTICATED");
    return this.file(memberId, since, choice);
  }

  /**
   * A member's statement produced by staff from the console: the same file the member would
   * download, and a row in the audit log naming who produced which period. A refused request
   * (an unknown member, a bad period) records nothing.
   */
  async produce(
    actor: StaffMember,
    memberId: string,
    choice: StatementChoice,
    context: { ip: string },
  ): Promise<StatementFile> {
    const since = isMemberId(memberId) ? await memberSince(this.db, memberId) : undefined;
    if (!since) throw new AppError("MEMBER_NOT_FOUND");
    const file = await this.file(memberId, since, choice);
    await recordAudit(this.db, {
      staffId: actor.id,
      action: "statement.produce",
      target: `member:${memberId}`,
      after: { period: choice.period, format: choice.format, lang: choice.lang },
      ip: context.ip,
      atMs: this.now(),
    });
    return file;
  }

  private async file(
    memberId: string,
    since: { account: string; sinceMs: number },
    choice: StatementChoice,
  ): Promise<StatementFile> {
    const nowMs = this.now();
    const period = this.periodFor(choice.period, since.sinceMs, nowMs);
    const statement = await this.statement(memberId, period, nowMs);
    const bytes =
      choice.format === "csv"
        ? statementCsv(statement, choice.lang, since.account)
        : await statementPdf(statement, choice.lang, since.account, nowMs);
    const name = period.kind === "month" ? "statement" : "trade-report";
    return {
      bytes,
      contentType: contentTypes[choice.format],
      fileName: `kabuto-${name}-${period.key}.${choice.format}`,
    };
  }

  /** The period asked for, refused where it has not begun or ended before the member's ledger did. */
  private periodFor(key: string, sinceMs: number, nowMs: number): StatementPeriod {
    const period = parsePeriod(key);
    if (!period) throw new AppError("STATEMENT_PERIOD_INVALID");
    if (period.startMs > nowMs) throw new AppError("STATEMENT_PERIOD_FUTURE");
    if (period.endMs <= sinceMs) throw new AppError("STATEMENT_PERIOD_BEFORE_JOINING");
    return period;
  }

  /**
   * The statement of a period, read in one snapshot of the ledger: the balances at its start,
   * its entries, and at its end the balances the ledger gave then, or, for the period still
   * running, the live balances the accounts hold now.
   */
  async statement(memberId: string, period: StatementPeriod, nowMs: number): Promise<Statement> {
    return this.db.transaction(
      async (tx) => {
        const opening = await balancesAt(tx, memberId, period.startMs);
        const entries = await entriesBetween(tx, memberId, period.startMs, period.endMs);
        const current = period.endMs > nowMs;
        const closing = current ? opening.live : (await balancesAt(tx, memberId, period.endMs)).at;
        return buildStatement({ period, opening: opening.at, entries, closing });
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  }
}
