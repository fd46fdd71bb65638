import { Trans } from "@lingui/react/macro";
import { useOutdated } from "../state/protocol-version.ts";

/**
 * Shown over every screen once the gateway speaks a newer socket protocol than this build: live
 * prices have stopped, and reloading fetches the build that matches.
 */
export function UpdateNotice() {
  const outdated = useOutdated();
  if (!outdated) return null;
  return (
    <div className="update-notice" role="alert" data-testid="update-notice">
      <p className="update-notice__text">
        <Trans>A new version of Kabuto is available. Please reload to keep prices live.</Trans>
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => window.location.reload()}
      >
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
