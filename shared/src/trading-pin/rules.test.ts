import { describe, expect, it } from "vitest";
import { confirmStepFor, tradingPinProblem } from "./rules.ts";

describe("a trading PIN", () => {
  const cases: [string, ReturnType<typeof tradingPinProblem>][] = [
    ["482913", undefined],
    ["120000", undefined],
    ["135790", undefined],
    ["000000", "TRADING_PIN_WEAK"],
    ["777777", "TRADING_PIN_WEAK"],
    ["123456", "TRADING_PIN_WEAK"],
    ["012345", "TRADING_PIN_WEAK"],
    ["987654", "TRADING_PIN_WEAK"],
    ["", "TRADING_PIN_INVALID"],
    ["12345", "TRADING_PIN_INVALID"],
    ["1234567", "TRADING_PIN_INVALID"],
    ["12a456", "TRADING_PIN_INVALID"],
    ["１２３４５６", "TRADING_PIN_INVALID"],
    [" 48291", "TRADING_PIN_INVALID"],
  ];
  it.each(cases)("%j is %s", (pin, problem) => {
    expect(tradingPinProblem(pin)).toBe(problem);
  });
});

describe("the confirmation step", () => {
  it("restates every request unless the member switched it off on this device", () => {
    expect(confirmStepFor({ confirmOnDevice: true, pinSet: false })).toBe("confirm");
    expect(confirmStepFor({ confirmOnDevice: false, pinSet: false })).toBe("send");
  });

  it("still opens to ask for the PIN when one is set, whatever this device's setting", () => {
    expect(confirmStepFor({ confirmOnDevice: true, pinSet: true })).toBe("confirm-with-pin");
    expect(confirmStepFor({ confirmOnDevice: false, pinSet: true })).toBe("confirm-with-pin");
  });
});
