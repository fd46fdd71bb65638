import { errorCodes, topicErrorCodes } from "@kabuto/shared/errors";
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { features } from "../app/features.ts";
import { opsErrors } from "../features/ops/ops.errors.ts";
import { addErrorMessages, errorMessage, hasErrorMessage } from "./error-messages.ts";

describe("error messages", () => {
  it("give every code a product or the socket can send a message, each said by one feature", () => {
    addErrorMessages([opsErrors]);
    expect([...errorCodes, ...topicErrorCodes].filter((code) => !hasErrorMessage(code))).toEqual([]);
    const said = [
      ...features.flatMap((feature) => Object.keys(feature.errorMessages ?? {})),
      ...Object.keys(opsErrors),
    ];
    expect(said.filter((code, index) => said.indexOf(code) !== index)).toEqual([]);
  });

  it("say a product's code in words and show an unknown code as itself", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    expect(errorMessage(i18n, "LOAN_NOT_FOUND")).toBe("This loan does not exist.");
    expect(errorMessage(i18n, "NO_SUCH_CODE")).toBe("NO_SUCH_CODE");
  });
});
