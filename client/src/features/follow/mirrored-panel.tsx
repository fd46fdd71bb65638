import type { MirroredPosition } from "@kabuto/shared/api/follow";
import { followApi } from "@kabuto/shared/endpoints/follow";
import { copyNicknameIn } from "@kabuto/shared/follow/lead-text";
import { formatPrice } from "@kabuto/shared/format";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { afterOwnAction } from "../../state/account-feed.ts";
import { LoadProblem } from "../identity/identity-parts.tsx";
import { priceDigits } from "../market/instrument.ts";
import { useInstruments } from "../market/use-instruments.ts";
import { SideBadge } from "../trading/figures.tsx";
import {
  InstrumentName,
  lotSizeOf,
  PnlText,
  QuantityText,
  useLivePosition,
} from "../trading/position-parts.tsx";

/** The "follow" tab of `/position/position`: positions copied from lead traders, each naming its lead. */
export function MirroredPanel() {
  const mirrored = useEndpoint(followApi.mirrored, { query: { status: "holding" } });
  const instruments = useInstruments(
    mirrored.status === "ready" ? mirrored.value.items.map((p) => p.symbol) : [],
  );
  if (mirrored.status === "loading") return <div className="panel" aria-busy="true" />;
  if (mirrored.status === "error") return <LoadProblem error={mirrored.error} onRetry={mirrored.reload} />;
  if (mirrored.value.items.length === 0)
    return (
      <div className="empty">
        <p>
          <Trans>No copied positions. Copy a lead trader and their next trades appear here.</Trans>
        </p>
        <Link href="/gdindex/gdindex" className="button button--outline">
          <Trans>Find a lead trader</Trans>
        </Link>
      </div>
    );
  return (
    <ul className="trade-list" data-testid="mirrored-positions">
      {mirrored.value.items.map((position) => (
        <MirroredRow
          key={position.id}
          position={position}
          lotSize={lotSizeOf(position.symbol, instruments.get(position.symbol))}
          digits={priceDigits(
            position.symbol,
            instruments.get(position.symbol)?.tickTable,
            position.openPrice,
          )}
          name={<InstrumentName symbol={position.symbol} instrument={instruments.get(position.symbol)} />}
          onDone={afterOwnAction}
        />
      ))}
    </ul>
  );
}

function MirroredRow({
  position,
  lotSize,
  digits,
  name,
  onDone,
}: {
  position: MirroredPosition;
  lotSize: number;
  /** Decimals the stock's prices are shown with, as on its own screen. */
  digits: number;
  name: ReactNode;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const leadNickname = copyNicknameIn(
    { nickname: position.leadNickname, nicknames: position.leadNicknames },
    locale,
  );
  const live = useLivePosition(position);
  const [keys] = useState(() => new IntentKeys());
  const [busy, setBusy] = useState(false);
  async function close() {
    setBusy(true);
    try {
      await call(
        followApi.closeMirror,
        { params: { id: position.copyId, positionId: position.id } },
        { idempotencyKey: keys.keyFor(`close:${position.id}`) },
      );
      keys.settle();
      notifySuccess(t`Closed; the proceeds went back into the copy`);
      onDone();
    } catch (error) {
      keys.settle(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="trade-row" data-testid="mirrored-position">
      <div className="trade-row__head">
        <span className="trade-row__name">{name}</span>
        <SideBadge side={position.side} leverage={position.leverage} />
      </div>
      <p className="mirror-lead" data-testid="mirror-lead">
        <Trans>Copied from {leadNickname}</Trans>
      </p>
      <dl className="trade-row__figures">
        <div className="trade-row__figure">
          <dt>
            <Trans>Quantity</Trans>
          </dt>
          <dd className="num">
            <QuantityText shares={position.quantity} lotSize={lotSize} />
          </dd>
        </div>
        <div className="trade-row__figure">
          <dt>
            <Trans>Open price</Trans>
          </dt>
          <dd className="num">{formatPrice(position.openPrice, locale, { fractionDigits: digits })}</dd>
        </div>
        <div className="trade-row__figure">
          <dt>
            <Trans>Unrealised P&L</Trans>
          </dt>
          <dd>
            <PnlText pnl={live.pnl} position={position} withPercent />
          </dd>
        </div>
      </dl>
      <button type="button" className="button button--outline button--small" onClick={close} disabled={busy}>
        <Trans>Close</Trans>
      </button>
    </li>
  );
}
