import { loansApi } from "@kabuto/shared/endpoints/loans";
import { formatMoney } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";

/** Mine's credit figure: what is left to borrow in yen, or that there is no line. */
export function CreditSummary() {
  const locale = useLocale();
  const credit = useEndpoint(loansApi.credit, {});
  if (credit.status === "loading") return <span className="skeleton" />;
  if (credit.status === "error") return null;
  const line = credit.value.lines.find((entry) => entry.currency === "JPY");
  if (!line || line.line === "0") {
    return (
      <span className="menu__value" data-testid="menu-loans-value">
        <Trans>No line</Trans>
      </span>
    );
  }
  return (
    <span className="menu__value num" data-testid="menu-loans-value">
      <Trans>{formatMoney(line.available, "JPY", locale)} available</Trans>
    </span>
  );
}
