import type { OrderVenue } from "@kabuto/shared/market/venues";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { ptsOpen, tseInSession, type VenueClock } from "./venue.ts";

interface VenueChoiceProps {
  venue: OrderVenue;
  clock: VenueClock;
  onChange: (venue: OrderVenue) => void;
  error: string | undefined;
}

/**
 * Where a Tokyo order goes: the TSE, the PTS or the smart route (最良執行), each said in one
 * line; a venue closed now cannot be picked, and at night the sheet says why it is at the PTS.
 */
export function VenueChoice({ venue, clock, onChange, error }: VenueChoiceProps) {
  const explained: Record<OrderVenue, ReactNode> = {
    tse: <Trans>Sent to the Tokyo Stock Exchange as it is.</Trans>,
    pts: <Trans>Japannext's PTS: limit orders only, on a finer tick, valid for this session only.</Trans>,
    smart: (
      <Trans>
        Compares the TSE and the PTS when your order arrives and takes the better price; the whole saving is
        yours.
      </Trans>
    ),
  };
  return (
    <>
      <ChoiceChips
        name="order-venue"
        legend={<Trans>Venue</Trans>}
        value={venue}
        onChange={onChange}
        choices={[
          { value: "tse", label: <Trans context="venue">TSE</Trans> },
          { value: "pts", label: <Trans context="venue">PTS</Trans>, disabled: !ptsOpen(clock) },
          {
            value: "smart",
            label: <Trans context="venue">Best (SOR)</Trans>,
            disabled: clock.tse !== "regular",
          },
        ]}
        error={error}
      />
      <p className="order-form__note" data-testid="order-venue-note">
        {explained[venue]}
      </p>
      {venue === "pts" && !tseInSession(clock) && (
        <p className="order-form__note order-form__note--warn" data-testid="order-venue-why">
          {clock.pts === "night" ? (
            <Trans>
              The TSE is closed: this order goes to the PTS night session as a limit order for tonight, paid
              in cash (1×).
            </Trans>
          ) : (
            <Trans>
              The TSE is closed: this order goes to the PTS day session as a limit order for this session,
              paid in cash (1×).
            </Trans>
          )}
        </p>
      )}
    </>
  );
}
