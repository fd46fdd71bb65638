import { formatDateTime } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { useLocale } from "../i18n/use-locale.ts";
import { useKeptAt, useOnline } from "./connectivity.ts";

/** The device's own zone: "as of" is the member's clock, not an exchange's. */
const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Over every screen while the device is offline: what is shown is the last known state, and
 * since when; actions that need the server say so where they are (`NeedsConnection`).
 */
export function OfflineBanner() {
  const online = useOnline();
  const keptAt = useKeptAt();
  const locale = useLocale();
  if (online) return null;
  const asOf =
    keptAt === undefined ? undefined : formatDateTime(keptAt, locale, deviceZone, { seconds: false });
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <strong className="offline-banner__title">
        <Trans>You are offline</Trans>
      </strong>
      <span className="offline-banner__text">
        {asOf === undefined ? (
          <Trans>Prices and balances will show when you are back online.</Trans>
        ) : (
          <Trans>
            Showing prices and balances as of <time data-testid="offline-as-of">{asOf}</time>.
          </Trans>
        )}
      </span>
    </div>
  );
}

/** Under an action the server must perform, while offline: why it cannot be used now. */
export function NeedsConnection() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="needs-connection" data-testid="needs-connection">
      <Trans>You are offline. This needs a connection.</Trans>
    </p>
  );
}
