import type { Bus } from "@kabuto/bus";
import { type InstrumentCatalog, parseSupportHours } from "@kabuto/shared";
import type { Logger } from "pino";
import { AuthService } from "./auth/auth.service.ts";
import { BlockService } from "./block/block.service.ts";
import { parseBlockTerms } from "./block/block-terms.ts";
import type { Config } from "./config.ts";
import { DayTradingService } from "./daytrade/day-trading.service.ts";
import type { Database } from "./db/database.ts";
import { DividendsService, dividendTermsOf } from "./dividends/dividends.service.ts";
import type { AccountEvents } from "./events/account-events.ts";
import type { StaffEvents } from "./events/staff-events.ts";
import { FollowService, parseFollowTerms } from "./follow/follow.service.ts";
import { ChannelsService } from "./funding/channels.service.ts";
import { DepositsService } from "./funding/deposits.service.ts";
import { type FundHours, parseFundHours } from "./funding/fund-hours.ts";
import { FxService } from "./funding/fx.service.ts";
import { parseWithdrawMinimums } from "./funding/withdraw-rules.ts";
import { WithdrawalsService } from "./funding/withdrawals.service.ts";
import { BankCardsService } from "./identity/bank-cards.service.ts";
import { KycService } from "./identity/kyc.service.ts";
import { PasswordsService } from "./identity/passwords.service.ts";
import { IpoService } from "./ipo/ipo.service.ts";
import { parseLoanTerms } from "./loans/loan-terms.ts";
import { LoansService } from "./loans/loans.service.ts";
import { CandlesRepo } from "./market/candles.repo.ts";
import { MarketService } from "./market/market.service.ts";
import { NewsService } from "./news/news.service.ts";
import { AdjustmentsService } from "./ops/adjustments.service.ts";
import { ConfigService } from "./ops/config.service.ts";
import { LedgerCheckService } from "./ops/ledger.service.ts";
import { MembersService } from "./ops/members.service.ts";
import { QueuesService } from "./ops/queues.service.ts";
import { StaffService } from "./ops/staff.service.ts";
import { InvitationsService } from "./rewards/invitations.service.ts";
import { RewardOpsService } from "./rewards/reward-ops.service.ts";
import { parseRewardTerms, RewardsService } from "./rewards/rewards.service.ts";
import type { SmsSender } from "./security/sms.ts";
import type { ThrottleStore } from "./security/throttle.ts";
import { parseSupportLimits, SupportService } from "./support/support.service.ts";
import { dayTradeSettingsFromConfig, termsFromConfig } from "./trading/rules.ts";
import { TradingService } from "./trading/trading.service.ts";
import { UploadStore } from "./uploads/upload-store.ts";
import { UploadsService } from "./uploads/uploads.service.ts";
import { WatchlistService } from "./watchlist/watchlist.service.ts";

export interface ServiceDeps {
  config: Config;
  database: Database;
  bus: Bus;
  catalog: InstrumentCatalog;
  now: () => number;
  /** Hears each member's account events once their transaction has committed. */
  events?: AccountEvents | undefined;
  /** Hears the staff consoles' events (the support inbox) once their transaction has committed. */
  staffEvents?: StaffEvents | undefined;
  /** Counts attempts at every secret (passwords, fund passwords, SMS codes) and at registration. */
  throttle: ThrottleStore;
  /** Texts sign-in codes. */
  sms: SmsSender;
  logger: Pick<Logger, "warn">;
}

/** Every service of the API, built once from its settings and I/O; routes and the worker take them from here. */
export interface Services {
  market: MarketService;
  trading: TradingService;
  /** Day-trading applications, their review, and the terms and cut-offs members see. */
  dayTrading: DayTradingService;
  watchlist: WatchlistService;
  news: NewsService;
  auth: AuthService;
  publicSettings: ConfigService;
  staff: StaffService;
  members: MembersService;
  adjustments: AdjustmentsService;
  ledgerCheck: LedgerCheckService;
  queues: QueuesService;
  uploadStore: UploadStore;
  uploads: UploadsService;
  kyc: KycService;
  cards: BankCardsService;
  passwords: PasswordsService;
  channels: ChannelsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  fx: FxService;
  loans: LoansService;
  rewards: RewardsService;
  dividends: DividendsService;
  /** Invitations and the reward an invitee's verification and first deposit pay their inviter. */
  invitations: InvitationsService;
  rewardOps: RewardOpsService;
  support: SupportService;
  ipo: IpoService;
  /** Block trades: offerings, negotiated bids and the desk's review. */
  block: BlockService;
  /** Follow trading: lead traders, copies, and the worker's mirroring. */
  follow: FollowService;
  /** The cash desk's hours, parsed once from FUND_HOURS. */
  fundHours: FundHours;
}

/**
 * Builds every service in one place, so a new money flow is wired here and nowhere else.
 * Construction does no I/O: the services reach the database and the bus when called.
 */
export function createServices(deps: ServiceDeps): Services {
  const { config, bus, catalog, now, throttle } = deps;
  const { db } = deps.database;
  const events = deps.events ?? (() => undefined);
  const market = new MarketService({ catalog, bus, candles: new CandlesRepo(db), now });
  const uploadStore = new UploadStore(config.uploadDir);
  const fundHours = parseFundHours(config.FUND_HOURS);
  const minimums = parseWithdrawMinimums(config.WITHDRAW_MIN);
  const rewardTerms = parseRewardTerms(config);
  // Verification and deposit approvals pay the invitation reward inside their own transactions.
  const invitations = new InvitationsService({ db, terms: rewardTerms });
  const trading = new TradingService({
    db,
    catalog,
    bus,
    alwaysOpen: config.alwaysOpen,
    now,
    terms: termsFromConfig(config),
    dayTrade: dayTradeSettingsFromConfig(config),
    events,
  });
  return {
    market,
    trading,
    dayTrading: new DayTradingService({ db, trading, now }),
    follow: new FollowService({ db, trading, now, events, terms: parseFollowTerms(config) }),
    watchlist: new WatchlistService({ db, isKnown: (symbol) => market.isKnown(symbol), now }),
    news: new NewsService({ db, now }),
    auth: new AuthService({
      db,
      throttle,
      sms: deps.sms,
      logger: deps.logger,
      inviteRequired: config.INVITE_REQUIRED,
      registrationsPerAddress: config.REGISTRATIONS_PER_ADDRESS_HOUR,
    }),
    publicSettings: new ConfigService({ db, config }),
    staff: new StaffService(db, { throttle }),
    members: new MembersService(db),
    adjustments: new AdjustmentsService({ db, events }),
    ledgerCheck: new LedgerCheckService({ db, now }),
    queues: new QueuesService(db),
    uploadStore,
    uploads: new UploadsService({ db, store: uploadStore }),
    kyc: new KycService({ db, uploads: uploadStore, invitations, events }),
    cards: new BankCardsService(db),
    passwords: new PasswordsService({ db, throttle }),
    channels: new ChannelsService(db),
    deposits: new DepositsService({ db, uploads: uploadStore, now, events, fundHours, invitations }),
    withdrawals: new WithdrawalsService({
      db,
      bus,
      now,
      events,
      fundHours,
      minimums,
      rewardHoldDays: config.REWARD_HOLD_DAYS,
      throttle,
    }),
    fx: new FxService({
      db,
      bus,
      catalog,
      now,
      events,
      quoteSeconds: config.FX_QUOTE_SECONDS,
      minimums,
      rewardHoldDays: config.REWARD_HOLD_DAYS,
    }),
    loans: new LoansService({ db, now, events, terms: parseLoanTerms(config) }),
    dividends: new DividendsService({ db, catalog, now, events, terms: dividendTermsOf(config) }),
    rewards: new RewardsService({ db, now, events, terms: rewardTerms }),
    invitations,
    rewardOps: new RewardOpsService({ db, now, events, terms: rewardTerms }),
    support: new SupportService({
      db,
      now,
      events,
      staffEvents: deps.staffEvents ?? (() => undefined),
      uploads: uploadStore,
      throttle,
      hours: parseSupportHours(config.SUPPORT_HOURS),
      hoursText: config.SUPPORT_HOURS,
      limits: parseSupportLimits(config.SUPPORT_RATE),
    }),
    ipo: new IpoService({ db, now, events, bus }),
    block: new BlockService({ db, now, events, bus, catalog, terms: parseBlockTerms(config) }),
    fundHours,
  };
}
