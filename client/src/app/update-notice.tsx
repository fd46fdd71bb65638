import { Trans } from "@lingui/react/macro";
import { applyUpdate, useUpdateWaiting } from "../pwa/update-state.ts";
import { useOutdated } from "../state/protocol-version.ts";

/**
 * Shown over every screen when this build should give way to a newer one: the gateway speaks a
 * newer socket protocol (live prices have stopped), or a new version's service worker has
 * installed and waits. Reloading takes the new build either way.
 */
export function UpdateNotice() {
  const outdated = useOutdated();
  const waiting = useUpdateWaiting();
  if (!outdated && !waiting) return null;
  return (
    <div className="update-notice" role="alert" data-testid="update-notice">
      <p className="update-notice__text">
        {outdated ? (
          <Trans>A new version of Kabuto is available. Please reload to keep prices live.</Trans>
        ) : (
          <Trans>A new version of Kabuto is ready. Reload to use it.</Trans>
        )}
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => (outdated ? window.location.reload() : applyUpdate())}
      >
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
