import { formatDateTime } from "@kabuto/shared/format";
import { marketDate } from "@kabuto/shared/market/calendar";
import { usExtendedHours } from "@kabuto/shared/market/sessions";
import { defaultPtsHours } from "@kabuto/shared/market/venues";
import { zonedWallClockMs } from "@kabuto/shared/market/zone-time";
import type { PtsPhase } from "@kabuto/shared/protocol/market-data";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans } from "@lingui/react/macro";
import type { AppLocale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useMarketSession } from "../../state/topics.ts";
import type { ExtendedSession } from "./market-paths.ts";

/**
 * What Home's pre-market and after-hours shortcuts open: for each market, the session outside
 * its regular hours that is on now (Tokyo's PTS day or night session, the US pre-market or
 * after-hours), or else the one the shortcut names with when it opens, each with its hours in
 * the market's time and the member's own. Never "not on now" beside a market that is open: the
 * US card says when its regular session is.
 */
export function OutOfHours({ asked }: { asked: ExtendedSession }) {
  return (
    <div className="out-of-hours">
      <PtsHours asked={asked} />
      <UsHours asked={asked} />
    </div>
  );
}

/** A wall-clock range in the market's zone and in the member's, e.g. "16:30 – 23:59". */
function hoursIn(
  locale: AppLocale,
  zone: string,
  date: string,
  from: readonly [number, number],
  to: readonly [number, number],
) {
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  const startMs = zonedWallClockMs(zone, date, from[0], from[1]);
  const endMs = zonedWallClockMs(zone, date, to[0], to[1]);
  return {
    market: clock(zone).formatRange(startMs, endMs),
    yours: clock(Intl.DateTimeFormat().resolvedOptions().timeZone).formatRange(startMs, endMs),
  };
}

/** When a closed session opens next, in the member's own zone. */
function NextOpen({ atMs }: { atMs: number | null | undefined }) {
  const locale = useLocale();
  if (atMs === null || atMs === undefined) return null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const when = formatDateTime(atMs, locale, zone, { seconds: false });
  return (
    <p>
      <Trans>Next session: {when} your time.</Trans>
    </p>
  );
}

/** Tokyo's PTS: its session now, or the one the shortcut names (day for pre-market, night for after-hours). */
function PtsHours({ asked }: { asked: ExtendedSession }) {
  const locale = useLocale();
  const live = useMarketSession("JP");
  const phase = live?.pts?.phase;
  const open = phase === "day" || phase === "night";
  const shown: Exclude<PtsPhase, "closed"> = open ? phase : asked === "pre" ? "day" : "night";
  const { from, to } = defaultPtsHours[shown];
  const { market: tokyo, yours } = hoursIn(locale, marketZone.JP, marketDate("JP", Date.now()), from, to);
  return (
    <section className="session-hours" data-testid="pts-hours" data-session={shown} data-open={open}>
      <h2 className="session-hours__title">
        {shown === "night" ? <Trans>Tokyo PTS night session</Trans> : <Trans>Tokyo PTS day session</Trans>}
      </h2>
      <p>
        <Trans>
          {tokyo} Tokyo time ({yours} your time)
        </Trans>
      </p>
      {open ? (
        <p>
          <Trans>On now. Limit orders at the PTS, in cash (1×) outside TSE hours.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>The PTS is closed now.</Trans>
          </p>
          <NextOpen atMs={live?.pts?.nextChangeMs} />
        </>
      )}
    </section>
  );
}

/** The US: its pre-market or after-hours on now, or the one the shortcut names, said against the regular session. */
function UsHours({ asked }: { asked: ExtendedSession }) {
  const locale = useLocale();
  const live = useMarketSession("US");
  const phase = live?.phase;
  const shown: ExtendedSession = phase === "pre" || phase === "after" ? phase : asked;
  // The hours of the session's trading day, or today's in New York before the feed has said.
  const date = live?.tradingDate ?? marketDate("US", Date.now());
  const { from, to } = usExtendedHours[shown];
  const { market: newYork, yours } = hoursIn(locale, marketZone.US, date, from, to);
  return (
    <section className="session-hours" data-testid="extended-hours" data-session={shown}>
      <h2 className="session-hours__title">
        {shown === "pre" ? <Trans>US pre-market</Trans> : <Trans>US after-hours</Trans>}
      </h2>
      <p>
        <Trans>
          {newYork} New York time ({yours} your time)
        </Trans>
      </p>
      {phase === shown ? (
        <p>
          <Trans>On now. Limit orders only.</Trans>
        </p>
      ) : phase === "regular" ? (
        <p>
          <Trans>The regular session is open now: market and limit orders are taken.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>Not on now. Limit orders only.</Trans>
          </p>
          <NextOpen atMs={live?.nextChangeMs} />
        </>
      )}
    </section>
  );
}
