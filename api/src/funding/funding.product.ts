import { product, secretsOf } from "../kernel/product.ts";
import type { InvitationsService } from "../rewards/invitations.service.ts";
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
  uses: ["uploads", "rewards"],
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
});
