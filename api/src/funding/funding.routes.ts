import { fundingApi } from "@kabuto/shared/endpoints/funding";
import { isDeskOpen } from "@kabuto/shared/market/desk-hours";
import type { Request, Router } from "express";
import type { Config } from "../config.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { type UploadStore, uploadedFile } from "../uploads/upload-store.ts";
import type { ChannelsService, StaffContext } from "./channels.service.ts";
import type { DepositsService } from "./deposits.service.ts";
import type { FundHours } from "./fund-hours.ts";
import type { FxService } from "./fx.service.ts";
import type { WithdrawalsService } from "./withdrawals.service.ts";

export interface FundingDeps {
  config: Config;
  now: () => number;
  channels: ChannelsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  fx: FxService;
  uploadStore: UploadStore;
  fundHours: FundHours;
}

/**
 * Money in and out: recharge channels, deposits, withdrawals and currency exchange for members
 * (`router`), and their review queues for operations (`ops`, mounted at /ops).
 */
export function mountFundingRoutes(router: Router, ops: Router, docs: ApiDocs, deps: FundingDeps): void {
  const { config, now, fundHours, channels, deposits, withdrawals, fx, uploadStore } = deps;
  const serve = docs.serve({ router, ops });
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  serve(fundingApi.terms, async () => ({
    hours: config.FUND_HOURS,
    openNow: isDeskOpen(fundHours, now()),
    fxQuoteSeconds: config.FX_QUOTE_SECONDS,
  }));

  serve(fundingApi.channels, async () => ({ items: await channels.list(true) }));
  serve(fundingApi.opsChannels, async () => ({ items: await channels.list(false) }));
  serve(fundingApi.createChannel, ({ body, staff, request }) =>
    channels.create(body, staff, staffContext(request)),
  );
  serve(fundingApi.updateChannel, ({ params, body, staff, request }) =>
    channels.update(params.id, body, staff, staffContext(request)),
  );

  serve(
    fundingApi.deposit,
    ({ member, body, claim, request }) =>
      deposits.submit(member.id, body, uploadedFile(request.files, "receipt"), claim),
    { upload: uploadStore.fields(["receipt"]) },
  );
  serve(fundingApi.deposits, async ({ member }) => ({ items: await deposits.list(member.id) }));
  serve(fundingApi.opsDeposits, async ({ query }) => ({ items: await deposits.opsList(query.status) }));
  serve(fundingApi.opsDeposit, ({ params }) => deposits.opsDetail(params.id));
  serve(fundingApi.reviewDeposit, ({ params, body, staff, request }) =>
    deposits.review(params.id, body, staff, staffContext(request)),
  );

  serve(fundingApi.withdrawable, async ({ member }) => ({
    items: await withdrawals.withdrawable(member.id),
  }));
  serve(fundingApi.withdraw, ({ member, body, claim }) => withdrawals.request(member.id, body, claim));
  serve(fundingApi.withdrawals, async ({ member }) => ({ items: await withdrawals.list(member.id) }));
  serve(fundingApi.opsWithdrawals, async ({ query }) => ({ items: await withdrawals.opsList(query.status) }));
  serve(fundingApi.opsWithdrawal, ({ params }) => withdrawals.opsDetail(params.id));
  serve(fundingApi.checkWithdrawal, ({ params, body, staff, request }) =>
    withdrawals.check(params.id, body, staff, staffContext(request)),
  );
  serve(fundingApi.reviewWithdrawal, ({ params, body, staff, request }) =>
    withdrawals.review(params.id, body, staff, staffContext(request)),
  );

  serve(fundingApi.quote, ({ member, body }) => fx.quote(member.id, body));
  serve(fundingApi.convert, ({ member, body, claim }) => fx.convert(member.id, body.quoteId, claim));
}
