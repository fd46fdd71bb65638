import type { Order } from "@kabuto/shared/api/trading";
import { tradingApi } from "@kabuto/shared/endpoints/trading";
import { formatIsoDate, formatPrice } from "@kabuto/shared/format";
import { attachedKind } from "@kabuto/shared/trading/attached";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { OpsTable } from "../../ops/ops-table.tsx";
import { Loaded, Money, OpsCard, Tag, When } from "../../ops/parts.tsx";

/**
 * The member page's card of their pending orders (reviewer): waiting stops, resting limits and
 * IFD legs, with what fires them, until when they wait and what they hold, as the member sees
 * them. Staff read; the member (or the engine) cancels.
 */
export function MemberOrdersCard({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const state = useEndpoint(tradingApi.opsMemberOrders, {
    params: { id: memberId },
    query: { status: "pending" },
  });
  const price = (value: string | null) => (value === null ? "—" : formatPrice(value, locale));
  return (
    <Loaded state={state} retry={state.reload}>
      {({ items }) => (
        <OpsCard title={<Trans>Pending orders</Trans>}>
          {items.length === 0 ? (
            <p className="ops-muted">
              <Trans>No pending orders.</Trans>
            </p>
          ) : (
            <OpsTable
              plain
              rows={items}
              rowKey={(order) => order.id}
              columns={[
                { label: t`Placed`, cell: (order) => <When ms={order.createdAtMs} /> },
                { label: t`Stock`, cell: (order) => order.symbol },
                { label: t`Order type`, cell: (order) => <OrderKind order={order} /> },
                { label: t`Quantity`, kind: "number", cell: (order) => order.quantity },
                { label: t`Trigger`, kind: "number", cell: (order) => price(order.triggerPrice) },
                { label: t`Limit`, kind: "number", cell: (order) => price(order.limitPrice) },
                {
                  label: t`Valid until`,
                  cell: (order) => (order.validDate === null ? "—" : formatIsoDate(order.validDate, locale)),
                },
                {
                  label: t`Held`,
                  kind: "number",
                  cell: (order) => <Money amount={order.held} currency={order.currency} />,
                },
              ]}
            />
          )}
        </OpsCard>
      )}
    </Loaded>
  );
}

/** An order's side and type in words, with its part in a close, an IFD or a fired stop. */
function OrderKind({ order }: { order: Order }) {
  return (
    <>
      {order.side === "long" ? <Trans>Buy</Trans> : <Trans>Sell</Trans>}{" "}
      {order.type === "limit" ? (
        <Trans>limit</Trans>
      ) : order.type === "stop" ? (
        <Trans>stop</Trans>
      ) : order.type === "stop_limit" ? (
        <Trans>stop-limit</Trans>
      ) : (
        <Trans>market</Trans>
      )}
      {order.closesPositionId !== null && (
        <>
          {" "}
          <Tag>
            <Trans>closes position {order.closesPositionId}</Trans>
          </Tag>
        </>
      )}
      {order.ifd !== null && (
        <>
          {" "}
          <Tag>{attachedKind(order.ifd)}</Tag>
        </>
      )}
      {order.parentOrderId !== null && (
        <>
          {" "}
          <Tag>
            <Trans>IFD leg of order {order.parentOrderId}</Trans>
          </Tag>
        </>
      )}
      {order.triggeredAtMs !== null && (
        <>
          {" "}
          <Tag>
            <Trans context="stop order">Triggered</Trans>
          </Tag>
        </>
      )}
    </>
  );
}
