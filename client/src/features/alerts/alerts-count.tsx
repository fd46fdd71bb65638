import { alertsApi } from "@kabuto/shared/endpoints/alerts";
import { Trans } from "@lingui/react/macro";
import { useEndpoint } from "../../lib/queries.ts";

/** Mine's alerts figure: how many are active. */
export function AlertsCount() {
  const alerts = useEndpoint(alertsApi.list, {});
  if (alerts.status === "loading") return <span className="skeleton" />;
  if (alerts.status === "error") return null;
  const active = alerts.value.items.filter((alert) => alert.status === "active").length;
  return (
    <span className="menu__value num" data-testid="menu-alerts-value">
      <Trans>{active} active</Trans>
    </span>
  );
}
