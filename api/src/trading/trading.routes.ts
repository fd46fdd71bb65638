import { tradingApi } from "@kabuto/shared/endpoints/trading";
import type { RequestHandler, Router } from "express";
import { AppError } from "../errors.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import type { TradingService } from "./trading.service.ts";

export function mountTradingRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: {
    trading: TradingService;
    /** KYC_REQUIRED_FOR_TRADING: only verified members open positions. */
    kycRequired?: boolean;
  },
): void {
  const { trading } = deps;
  const serve = docs.serve({ router, ops });

  /**
   * Refusals of the member before anything of the order is read, as a member should hear them:
   * frozen or barred, then not verified where trading needs it. A retry of an order that went
   * through before a flag was set never gets here: the router answers it with its first answer.
   */
  const mayTrade: RequestHandler = (request, _response, next) => {
    const member = requireMember(request);
    if (member.frozen || member.tradingBarred) {
      throw new AppError(member.frozen ? "ACCOUNT_FROZEN" : "TRADING_BARRED");
    }
    if (deps.kycRequired && member.verification !== "verified") throw new AppError("KYC_REQUIRED");
    next();
  };
  serve(tradingApi.placeOrder, ({ member, body, claim }) => trading.placeOrder(member.id, body, claim), {
    before: [mayTrade],
  });
  serve(tradingApi.orders, async ({ member, query }) => ({
    items: await trading.orders(member.id, query.status),
  }));
  serve(tradingApi.opsMemberOrders, async ({ params, query }) => ({
    items: await trading.memberOrders(params.id, query.status),
  }));
  serve(tradingApi.cancelOrder, ({ member, params, claim }) =>
    trading.cancelOrder(member.id, params.id, claim),
  );
  serve(tradingApi.positions, async ({ member, query }) => ({
    items: await trading.positions(member.id, query.status),
  }));
  serve(tradingApi.position, ({ member, params }) => trading.position(member.id, params.id));
  serve(tradingApi.closePosition, ({ member, params, claim }) =>
    trading.closePosition(member.id, params.id, claim),
  );
  serve(tradingApi.addMargin, ({ member, params, body, claim }) =>
    trading.addMargin(member.id, params.id, BigInt(body.amount), claim),
  );
  const termsOf = (market: "JP" | "US") => {
    const terms = trading.termsOf(market);
    return { ...terms, leverages: [...terms.leverages] };
  };
  serve(tradingApi.terms, async () => ({ JP: termsOf("JP"), US: termsOf("US") }));
  serve(tradingApi.account, ({ member }) => trading.account(member.id));
  serve(tradingApi.ledger, ({ member, query }) => trading.fundRecords(member.id, query));
}
