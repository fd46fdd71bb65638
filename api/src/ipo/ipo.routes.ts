import { ipoApi } from "@kabuto/shared/endpoints/ipo";
import type { Request, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { IpoService, StaffContext } from "./ipo.service.ts";

/** New shares for members (`router`) and their offerings, price and draw for operations (`ops`). */
export function mountIpoRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { ipo: IpoService; now: () => number },
): void {
  const { ipo, now } = deps;
  const serve = docs.serve({ router, ops });
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  serve(ipoApi.offerings, async ({ query }) => ({ items: await ipo.list(query.tab) }));
  serve(ipoApi.offering, ({ member, params }) => ipo.detail(member.id, params.id));
  serve(ipoApi.subscriptions, async ({ member }) => ({ items: await ipo.records(member.id) }));
  serve(ipoApi.subscribe, ({ member, params, body, claim }) =>
    ipo.subscribe(member.id, params.id, body, claim),
  );
  serve(ipoApi.change, ({ member, params, body, claim }) => ipo.change(member.id, params.id, body, claim));
  serve(ipoApi.cancel, ({ member, params, claim }) => ipo.cancel(member.id, params.id, claim));
  serve(ipoApi.pay, ({ member, params, claim }) => ipo.pay(member.id, params.id, claim));

  serve(ipoApi.opsOfferings, async () => ({ items: await ipo.opsList() }));
  serve(ipoApi.opsOffering, ({ params }) => ipo.opsDetail(params.id));
  serve(ipoApi.create, ({ body, staff, request }) => ipo.create(body, staff, staffContext(request)));
  serve(ipoApi.update, ({ params, body, staff, request }) =>
    ipo.update(params.id, body, staff, staffContext(request)),
  );
  serve(ipoApi.setPrice, ({ params, body, staff, request }) =>
    ipo.setPrice(params.id, body.price, staff, staffContext(request)),
  );
  serve(ipoApi.draw, ({ params, staff, request }) => ipo.draw(params.id, staff, staffContext(request)));
}
