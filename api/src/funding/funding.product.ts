import { product, secretsOf } from "../kernel/product.ts";
import type { InvitationsService } from "../rewards/invitations.service.ts";
import { demoFundPassword, seedDemoMoney } from "../seed.ts";
import type { UploadStore } from "../uploads/upload-store.ts";
import { ChannelsService } from "./channels.service.ts";
import { DepositsService } from "./deposits.service.ts";
import { type FundHours, parseFundHours } from "./fund-hours.ts";
import { mountFundingRoutes } from "./funding.routes.ts";
import { FxService } from "./fx.service.ts";
import { parseWithdrawMinimums } from "./withdraw-rules.ts";
import { WithdrawalsService } from "./withdrawals.service.ts";

/** Money in and out: deposit channels, deposits, withdrawals, currency exchange, and their review queues. */
export const fundingProduct = product<
  {
    channels: ChannelsService;
    deposits: DepositsService;
    withdrawals: WithdrawalsService;
    fx: FxService;
    /** The cash desk's hours, parsed once from FUND_HOURS. */
    fundHours: FundHours;
  },
  { uploadStore: UploadStore; invitations: InvitationsService }
>({
  name: "funding",
  uses: ["uploads", "rewards", "identity"],
  needsSecrets: true,
  create: (kernel, { uploadStore, invitations }) => {
    const { config, bus, catalog, now, events } = kernel;
    const { db } = kernel.database;
    const fundHours = parseFundHours(config.FUND_HOURS);
    const minimums = parseWithdrawMinimums(config.WITHDRAW_MIN);
    return {
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
        throttle: secretsOf(kernel, "funding").throttle,
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
      fundHours,
    };
  },
  routes: ({ router, ops, docs, config, now }, services) =>
    mountFundingRoutes(router, ops, docs, { ...services, config, now }),
  seed: {
    when: "start",
    after: ["auth"],
    run: async ({ db, nowMs }) => {
      const money = await seedDemoMoney(db, nowMs);
      const lines: string[] = [];
      if (money.channels > 0) lines.push(`published ${money.channels} demo deposit channels`);
      if (money.fundPassword) lines.push(`set the demo member's fund password ${demoFundPassword}`);
      if (money.bankCard) lines.push("added the demo member's bank card");
      return lines;
    },
  },
});
