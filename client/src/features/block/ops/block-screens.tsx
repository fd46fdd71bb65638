import type { BlockInstrument, BlockOffering, OpsBlockApplication } from "@kabuto/shared/api/block";
import { blockApi } from "@kabuto/shared/endpoints/block";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { TextField } from "../../../app/text-field.tsx";
import { call } from "../../../lib/api.ts";
import { errorCode, type FieldError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-messages.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { type Column, OpsTable } from "../../ops/ops-table.tsx";
import {
  Empty,
  Loaded,
  Money,
  OpsCard,
  OpsPage,
  StatusTag,
  Tag,
  UnitPrice,
  useBusy,
  When,
} from "../../ops/parts.tsx";
import { ReasonDialog } from "../../ops/reason-dialog.tsx";

function reviewBid(id: string, decision: "approve" | "reject", reason?: string) {
  return call(blockApi.review, { params: { id }, body: { decision, reason } });
}

const hourMs = 3_600_000;

/**
 * `#/ops/block`: the block desk. Negotiated bids wait here for approval (filled at the member's
 * price) or rejection with the reason the member reads; offerings are drawn once their window has
 * closed; supervisors publish offerings and open stocks to bids. Every action is in the audit log.
 */
export function BlockDeskScreen() {
  // Every action below is an operations change, after which the desk is read again.
  const desk = useEndpoint(blockApi.desk, { query: {} });
  return (
    <OpsPage title={<Trans>Block trades</Trans>}>
      <Loaded state={desk} retry={desk.reload}>
        {(value) => (
          <>
            <BidQueue rows={value.applications.filter((row) => row.kind === "bid")} />
            <OfferingApplications rows={value.applications.filter((row) => row.kind === "offering")} />
            <Offerings offerings={value.offerings} />
            <Instruments instruments={value.instruments} />
            <PublishOffering />
            <OpenInstrument />
          </>
        )}
      </Loaded>
    </OpsPage>
  );
}

function BidQueue({ rows }: { rows: OpsBlockApplication[] }) {
  const { t } = useLingui();
  const [busy, run] = useBusy();
  const [rejecting, setRejecting] = useState<OpsBlockApplication | null>(null);
  const columns: Column<OpsBlockApplication>[] = [
    { label: t`No.`, cell: (row) => <span className="num">{row.id}</span> },
    { label: t`Member`, cell: (row) => <span className="num">{row.memberAccount}</span> },
    { label: t`Stock`, cell: (row) => <span className="num">{row.symbol}</span> },
    { label: t`Shares`, kind: "number", cell: (row) => row.shares.toLocaleString() },
    {
      label: t({ message: "Price", context: "block trade" }),
      kind: "number",
      cell: (row) => <UnitPrice price={row.price} currency={row.currency} />,
    },
    { label: t`Held`, kind: "number", cell: (row) => <Money amount={row.held} currency={row.currency} /> },
    { label: t`Placed`, cell: (row) => <When ms={row.createdAtMs} /> },
    {
      label: t`Decision`,
      kind: "actions",
      cell: (row) => (
        <span className="ops-form__actions">
          <button
            type="button"
            className="button button--danger-text button--small"
            onClick={() => setRejecting(row)}
            data-testid="block-reject"
          >
            <Trans>Reject</Trans>
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            data-testid="block-approve"
            onClick={() =>
              void run(async () => {
                await reviewBid(row.id, "approve");
                notifySuccess(t`Approved: filled at the member's price`);
              })
            }
          >
            <Trans>Approve</Trans>
          </button>
        </span>
      ),
    },
  ];
  return (
    <OpsCard title={<Trans>Negotiated bids to review</Trans>}>
      <p className="ops-card__note">
        <Trans>
          Approving fills the bid at the member's price into a cash position, from the money already held.
          Rejecting releases everything; the member reads your reason.
        </Trans>
      </p>
      {rows.length === 0 ? (
        <Empty>
          <Trans>No bids waiting.</Trans>
        </Empty>
      ) : (
        <div data-testid="block-bids">
          <OpsTable rows={rows} columns={columns} rowKey={(row) => row.id} plain />
        </div>
      )}
      {rejecting && (
        <ReasonDialog
          id="block-reject-reason"
          title={<Trans>Reject bid No. {rejecting.id}</Trans>}
          confirmLabel={<Trans>Reject</Trans>}
          act={(reason) => reviewBid(rejecting.id, "reject", reason)}
          doneMessage={t`Rejected: the member's money is released`}
          onClose={() => setRejecting(null)}
        >
          <p>
            <Trans>
              {rejecting.memberAccount} asked for {rejecting.shares} shares of {rejecting.symbol} at{" "}
              <UnitPrice price={rejecting.price} currency={rejecting.currency} />.
            </Trans>
          </p>
        </ReasonDialog>
      )}
    </OpsCard>
  );
}

function OfferingApplications({ rows }: { rows: OpsBlockApplication[] }) {
  const { t } = useLingui();
  if (rows.length === 0) return null;
  const columns: Column<OpsBlockApplication>[] = [
    { label: t`No.`, cell: (row) => <span className="num">{row.id}</span> },
    { label: t`Offering`, cell: (row) => <span className="num">{row.offeringId}</span> },
    { label: t`Member`, cell: (row) => <span className="num">{row.memberAccount}</span> },
    { label: t`Shares`, kind: "number", cell: (row) => row.shares.toLocaleString() },
    { label: t`Held`, kind: "number", cell: (row) => <Money amount={row.held} currency={row.currency} /> },
    { label: t`State`, cell: (row) => <StatusTag status={row.state} /> },
  ];
  return (
    <OpsCard title={<Trans>Offering applications awaiting the draw</Trans>}>
      <OpsTable rows={rows} columns={columns} rowKey={(row) => row.id} plain />
    </OpsCard>
  );
}

function PhaseTag({ phase }: { phase: BlockOffering["phase"] }) {
  switch (phase) {
    case "scheduled":
      return <Tag>{<Trans context="block offering">Scheduled</Trans>}</Tag>;
    case "open":
      return <Tag tone="pending">{<Trans context="block offering">Taking applications</Trans>}</Tag>;
    case "closed":
      return <Tag tone="checked">{<Trans context="block offering">Awaiting the draw</Trans>}</Tag>;
    case "allotted":
      return <Tag tone="approved">{<Trans context="block offering">Allotted</Trans>}</Tag>;
  }
}

function Offerings({ offerings }: { offerings: BlockOffering[] }) {
  const { t } = useLingui();
  const [busy, run] = useBusy();
  const columns: Column<BlockOffering>[] = [
    { label: t`No.`, cell: (row) => <span className="num">{row.id}</span> },
    { label: t`Stock`, cell: (row) => <span className="num">{row.symbol}</span> },
    {
      label: t({ message: "Price", context: "block trade" }),
      kind: "number",
      cell: (row) => <UnitPrice price={row.price} currency={row.currency} />,
    },
    { label: t`Block`, kind: "number", cell: (row) => row.sharesOffered.toLocaleString() },
    {
      label: t`Applied`,
      kind: "number",
      cell: (row) => `${row.sharesApplied.toLocaleString()} (${row.members})`,
    },
    { label: t`Closes`, cell: (row) => <When ms={row.closesAtMs} /> },
    { label: t`Phase`, cell: (row) => <PhaseTag phase={row.phase} /> },
    {
      label: t`Draw`,
      kind: "actions",
      cell: (row) =>
        row.phase === "closed" ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            data-testid="block-allot"
            onClick={() =>
              void run(async () => {
                await call(blockApi.allot, { params: { id: row.id } });
                notifySuccess(t`Drawn and allotted; the seed is published`);
              })
            }
          >
            <Trans>Run the draw</Trans>
          </button>
        ) : null,
    },
  ];
  return (
    <OpsCard title={<Trans>Block offerings</Trans>}>
      {offerings.length === 0 ? (
        <Empty>
          <Trans>No offerings.</Trans>
        </Empty>
      ) : (
        <OpsTable rows={offerings} columns={columns} rowKey={(row) => row.id} plain />
      )}
    </OpsCard>
  );
}

function Instruments({ instruments }: { instruments: BlockInstrument[] }) {
  const { t } = useLingui();
  const columns: Column<BlockInstrument>[] = [
    { label: t`Stock`, cell: (row) => <span className="num">{row.symbol}</span> },
    { label: t`Last trade`, kind: "number", cell: (row) => <span className="num">{row.last ?? "—"}</span> },
    {
      label: t`Allowed prices`,
      kind: "number",
      cell: (row) => <span className="num">{row.band ? `${row.band.low}–${row.band.high}` : "—"}</span>,
    },
    {
      label: t`Shares`,
      kind: "number",
      cell: (row) => `${row.minShares.toLocaleString()}–${row.maxShares.toLocaleString()}`,
    },
  ];
  return (
    <OpsCard title={<Trans>Stocks open to negotiated bids</Trans>}>
      {instruments.length === 0 ? (
        <Empty>
          <Trans>None yet.</Trans>
        </Empty>
      ) : (
        <OpsTable rows={instruments} columns={columns} rowKey={(row) => row.symbol} plain />
      )}
    </OpsCard>
  );
}

/** Parses a whole number typed in a form; NaN (refused by the server's schema) otherwise. */
function whole(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

const emptyOffering = { symbol: "", price: "", block: "", min: "100", max: "", hours: "24", lockup: "0" };

function PublishOffering() {
  const { t } = useLingui();
  const [draft, setDraft] = useState(emptyOffering);
  const [error, setError] = useState<FieldError>();
  const [busy, run] = useBusy();
  const field = (name: keyof typeof draft) => ({
    id: `block-offering-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((previous) => ({ ...previous, [name]: event.target.value }));
      setError(undefined);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const nowMs = Date.now();
    void run(
      async () => {
        await call(blockApi.publish, {
          body: {
            symbol: draft.symbol.trim().toUpperCase(),
            price: draft.price.trim(),
            sharesOffered: whole(draft.block),
            minShares: whole(draft.min),
            maxShares: whole(draft.max),
            opensAtMs: nowMs,
            closesAtMs: nowMs + whole(draft.hours) * hourMs,
            lockupDays: whole(draft.lockup),
          },
        });
        notifySuccess(t`Offering published`);
        // The desk stays on screen while it is read again: the form starts afresh for the next one.
        setDraft(emptyOffering);
      },
      (failure) => setError(errorCode(failure)),
    );
  }
  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate data-testid="block-publish">
      <h2 className="ops-card__title">
        <Trans>Publish a block offering</Trans>
      </h2>
      <p className="ops-card__note">
        <Trans>
          A fixed price, commonly 2–3% under the previous close. Applications open now; when the window
          closes, run the draw. When members ask for more than the block, the equal lottery decides, from a
          seed whose fingerprint is published now.
        </Trans>
      </p>
      <div className="ops-form__grid">
        <TextField label={<Trans>Stock (JP:7203, US:AAPL)</Trans>} {...field("symbol")} />
        <TextField label={<Trans>Price per share</Trans>} inputMode="decimal" {...field("price")} />
        <TextField label={<Trans>Block (shares)</Trans>} inputMode="numeric" {...field("block")} />
        <TextField label={<Trans>Minimum per member</Trans>} inputMode="numeric" {...field("min")} />
        <TextField label={<Trans>Maximum per member</Trans>} inputMode="numeric" {...field("max")} />
        <TextField label={<Trans>Window (hours from now)</Trans>} inputMode="numeric" {...field("hours")} />
        <TextField label={<Trans>Lock-up (days)</Trans>} inputMode="numeric" {...field("lockup")} />
      </div>
      {error && <ErrorLine error={error} />}
      <div className="ops-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans>Publish</Trans>
        </button>
      </div>
    </form>
  );
}

const emptyInstrument = { symbol: "", min: "100", max: "10000" };

function OpenInstrument() {
  const { t } = useLingui();
  const [draft, setDraft] = useState(emptyInstrument);
  const [error, setError] = useState<FieldError>();
  const [busy, run] = useBusy();
  const field = (name: keyof typeof draft) => ({
    id: `block-instrument-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((previous) => ({ ...previous, [name]: event.target.value }));
      setError(undefined);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      async () => {
        await call(blockApi.openInstrument, {
          body: {
            symbol: draft.symbol.trim().toUpperCase(),
            minShares: whole(draft.min),
            maxShares: whole(draft.max),
          },
        });
        notifySuccess(t`Open to negotiated bids`);
        // The desk stays on screen while it is read again: the form starts afresh for the next one.
        setDraft(emptyInstrument);
      },
      (failure) => setError(errorCode(failure)),
    );
  }
  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate>
      <h2 className="ops-card__title">
        <Trans>Open a stock to negotiated bids</Trans>
      </h2>
      <div className="ops-form__grid">
        <TextField label={<Trans>Stock (JP:7203, US:AAPL)</Trans>} {...field("symbol")} />
        <TextField label={<Trans>Minimum shares</Trans>} inputMode="numeric" {...field("min")} />
        <TextField label={<Trans>Maximum shares</Trans>} inputMode="numeric" {...field("max")} />
      </div>
      {error && <ErrorLine error={error} />}
      <div className="ops-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans context="console">Open</Trans>
        </button>
      </div>
    </form>
  );
}

function ErrorLine({ error }: { error: FieldError }) {
  const { i18n } = useLingui();
  return (
    <p className="field__error" role="alert">
      {errorMessage(i18n, error)}
    </p>
  );
}
