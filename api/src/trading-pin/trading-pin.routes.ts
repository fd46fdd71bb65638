import { tradingPinApi } from "@kabuto/shared/endpoints/trading-pin";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { TradingPinService } from "./trading-pin.service.ts";

export function mountTradingPinRoutes(
  router: Router,
  docs: ApiDocs,
  deps: { tradingPin: TradingPinService; now: () => number },
): void {
  const { tradingPin, now } = deps;
  const serve = docs.serve({ router });
  const context = (ip: string | undefined) => ({ nowMs: now(), ip: ip ?? "unknown" });

  serve(tradingPinApi.status, ({ member }) => tradingPin.status(member.id));
  serve(tradingPinApi.set, ({ member, body, request }) =>
    tradingPin.set(member.id, body, context(request.ip)),
  );
  serve(tradingPinApi.remove, ({ member, body, request }) =>
    tradingPin.remove(member.id, body, context(request.ip)),
  );
}
