import { describe, expect, it } from "vitest";
import { pushMessage } from "./push-text.ts";

describe("a trading notice's push", () => {
  it("is written in traditional Chinese for a zh-Hant subscription", () => {
    const order = { id: "7", symbol: "JP:7203", side: "short" as const, quantity: 1_000 };
    expect(pushMessage({ type: "stop_triggered", ...order, triggerPrice: "2600" }, "zh-Hant")).toEqual({
      title: "停損委託已觸發：7203",
      body: "賣出 1,000 股：股價已達觸發價 ¥2,600，委託已送出",
      tag: "order-7",
      url: "#/position/position?tab=holding",
    });
    expect(pushMessage({ type: "order_filled", ...order, fillPrice: "2599.5" }, "zh-Hant").body).toBe(
      "賣出 1,000 股已以 ¥2,599.5 成交",
    );
    expect(
      pushMessage(
        {
          type: "order_expired",
          ...order,
          orderType: "stop_limit",
          limitPrice: "2590",
          triggerPrice: "2600",
        },
        "zh-Hant",
      ),
    ).toMatchObject({
      title: "委託已失效：7203",
      body: "賣出 1,000 股（觸發價 ¥2,600・限價 ¥2,590）已過有效期限而取消，圈存金額已釋放",
    });
    expect(
      pushMessage(
        { type: "margin_call", id: "9", symbol: "JP:7203", side: "long", quantity: 100, closePrice: "2200" },
        "zh-Hant",
      ),
    ).toEqual({
      title: "強制平倉：7203",
      body: "保證金低於維持率，多單 100 股已以 ¥2,200 平倉",
      tag: "margin-9",
      url: "#/position/position?tab=closed",
    });
  });

  it("writes a US stock's prices in dollars with cents, and a stop that lapsed by its trigger", () => {
    const expired = pushMessage(
      {
        type: "order_expired",
        id: "8",
        symbol: "US:AAPL",
        side: "long",
        quantity: 10,
        orderType: "stop",
        limitPrice: null,
        triggerPrice: "200",
      },
      "en",
    );
    expect(expired).toMatchObject({
      title: "Order expired: AAPL",
      body: "Buy 10 shares (stop $200.00) lapsed at the end of its validity; its hold is released",
    });
    expect(
      pushMessage(
        { type: "margin_call", id: "9", symbol: "US:AAPL", side: "short", quantity: 10, closePrice: "215.5" },
        "ja",
      ).body,
    ).toBe("証拠金が維持率を下回ったため、売建 10株を $215.50 で決済しました");
  });
});
