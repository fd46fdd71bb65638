import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { IconStar } from "../../app/icons.tsx";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useOnline } from "../../offline/connectivity.ts";
import { useSessionState } from "../../state/session.ts";
import { loadWatchlist, setWatched, useWatchlist } from "./watchlist.ts";

/** Adds the stock to the watchlist or takes it off; signed out, it leads to sign-in. */
export function WatchStar({ symbol }: { symbol: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const session = useSessionState();
  const watchlist = useWatchlist();
  const watched = watchlist?.includes(symbol) ?? false;
  const online = useOnline();

  useEffect(() => {
    if (session) loadWatchlist().catch(notifyError);
  }, [session]);

  async function toggle() {
    if (!session) {
      navigate("/login/login");
      return;
    }
    if (await setWatched(symbol, !watched))
      notifySuccess(watched ? t`Removed from watchlist` : t`Added to watchlist`);
  }

  return (
    <button
      type="button"
      className="icon-button star-button"
      aria-pressed={watched}
      aria-label={watched ? t`Remove from watchlist` : t`Add to watchlist`}
      title={online ? undefined : t`You are offline. This needs a connection.`}
      onClick={toggle}
      disabled={!online || (session !== null && watchlist === undefined)}
    >
      <IconStar filled={watched} />
    </button>
  );
}
