import {
  type Offering,
  type OfferingInput,
  type OpsOffering,
  offeringInputSchema,
  type Subscription,
} from "@kabuto/shared/api/ipo";
import { ipoApi } from "@kabuto/shared/endpoints/ipo";
import type { Market } from "@kabuto/shared/symbols";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { TextField } from "../../../app/text-field.tsx";
import { call } from "../../../lib/api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { type FieldErrors, fieldErrorsFromIssues } from "../../auth/form-errors.ts";
import { DetailScreen } from "../../ops/detail-screen.tsx";
import { type EditorForm, EditorPage } from "../../ops/editor-page.tsx";
import { OpsTable } from "../../ops/ops-table.tsx";
import {
  Empty,
  Facts,
  Loaded,
  OpsCard,
  refusedFields,
  Tag,
  UnitPrice,
  useBusy,
  When,
} from "../../ops/parts.tsx";

const stateLabels: Record<Subscription["state"], MessageDescriptor> = {
  declared: msg({ message: "Awaiting draw", context: "ipo state" }),
  cancelled: msg({ message: "Cancelled", context: "ipo state" }),
  excluded: msg({ message: "Not in the draw", context: "ipo state" }),
  lost: msg({ message: "Not won", context: "ipo state" }),
  waitlisted: msg({ message: "Waitlisted", context: "ipo state" }),
  won: msg({ message: "Won, awaiting payment", context: "ipo state" }),
  paid: msg({ message: "Paid", context: "ipo state" }),
  lapsed: msg({ message: "Not paid in time", context: "ipo state" }),
  allotted: msg({ message: "Allotted", context: "ipo state" }),
};

/** Creates an offering, or replaces one that has not opened. */
function saveOffering(id: string | undefined, body: OfferingInput): Promise<OpsOffering> {
  return id ? call(ipoApi.update, { params: { id }, body }) : call(ipoApi.create, { body });
}

function PhaseText({ phase }: { phase: Offering["phase"] }) {
  switch (phase) {
    case "scheduled":
      return <Trans>Scheduled</Trans>;
    case "book":
      return <Trans>Book-building</Trans>;
    case "closed":
      return <Trans>Book closed: set the price</Trans>;
    case "priced":
      return <Trans>Priced: run the draw</Trans>;
    case "payment":
      return <Trans>Payment window</Trans>;
    case "allotting":
      return <Trans>Awaiting listing</Trans>;
    case "listed":
      return <Trans>Listed</Trans>;
  }
}

/** `#/ops/ipo`: new-share offerings; supervisors create them and edit them before book-building. */
export function OfferingsScreen() {
  const state = useEndpoint(ipoApi.opsOfferings, {});
  return (
    <EditorPage<Offering>
      title={<Trans>New shares</Trans>}
      addLabel={<Trans>Add an offering</Trans>}
      // Saving made the list stale: it is read again.
      form={(offering, events) => <OfferingForm offering={offering} {...events} />}
    >
      {(edit) => (
        <Loaded state={state} retry={state.reload}>
          {({ items }) =>
            items.length === 0 ? (
              <Empty>
                <Trans>No offerings yet.</Trans>
              </Empty>
            ) : (
              <OfferingTable items={items} onEdit={edit} />
            )
          }
        </Loaded>
      )}
    </EditorPage>
  );
}

function OfferingTable({ items, onEdit }: { items: Offering[]; onEdit: (offering: Offering) => void }) {
  const { t } = useLingui();
  return (
    <OpsTable
      rows={items}
      rowKey={(offering) => offering.id}
      columns={[
        {
          label: t({ message: "Name", context: "new share" }),
          cell: (offering) => (
            <Link href={`/ops/ipo/${offering.id}`} data-testid="ops-offering">
              {offering.name.ja} <Tag>{offering.code}</Tag>
              <span className="ops-sub">{offering.name.en}</span>
            </Link>
          ),
        },
        { label: t`Phase`, cell: (offering) => <PhaseText phase={offering.phase} /> },
        {
          label: t({ message: "Price", context: "new share" }),
          cell: (offering) =>
            offering.offerPrice !== null ? (
              <UnitPrice price={offering.offerPrice} currency={offering.currency} />
            ) : (
              <>
                <UnitPrice price={offering.bandLow} currency={offering.currency} /> –{" "}
                <UnitPrice price={offering.bandHigh} currency={offering.currency} />
              </>
            ),
        },
        {
          label: t`Units`,
          kind: "number",
          cell: (offering) => (
            <>
              {offering.unitsAsked} / {offering.unitsOffered}
              <span className="ops-sub">{t`${offering.members} members`}</span>
            </>
          ),
        },
        {
          label: t`Listing`,
          cell: (offering) =>
            offering.dates.inMinutes ? <When ms={offering.dates.listingMs} /> : offering.dates.listingDate,
        },
        {
          label: t`Actions`,
          kind: "actions",
          cell: (offering) =>
            offering.phase === "scheduled" ? (
              <button
                type="button"
                className="button button--outline button--small"
                onClick={() => onEdit(offering)}
              >
                <Trans>Edit</Trans>
              </button>
            ) : (
              <Link href={`/ops/ipo/${offering.id}`} className="button button--outline button--small">
                <Trans context="open a screen">Open</Trans>
              </Link>
            ),
        },
      ]}
    />
  );
}

type Draft = Omit<OfferingInput, "unitsOffered" | "lockupDays" | "releaseMultiple" | "name" | "market"> & {
  market: Market;
  nameJa: string;
  nameEn: string;
  nameZhHant: string;
  unitsOffered: string;
  lockupDays: string;
  releaseMultiple: string;
};

function draftOf(offering: Offering | undefined): Draft {
  return {
    code: offering?.code ?? "",
    market: offering?.market ?? "JP",
    nameJa: offering?.name.ja ?? "",
    nameEn: offering?.name.en ?? "",
    nameZhHant: offering?.name.zhHant ?? "",
    sector: offering?.sector ?? "",
    bandLow: offering?.bandLow ?? "",
    bandHigh: offering?.bandHigh ?? "",
    unitsOffered: offering ? String(offering.unitsOffered) : "",
    bookOpenDate: offering ? isoDay(offering.dates.bookOpenMs, offering.market) : "",
    bookCloseDate: offering ? isoDay(offering.dates.bookCloseMs, offering.market) : "",
    priceDate: offering?.dates.priceDate ?? "",
    paymentEndDate: offering ? isoDay(offering.dates.paymentEndMs, offering.market) : "",
    listingDate: offering?.dates.listingDate ?? "",
    lockupDays: offering ? String(offering.lockupDays) : "0",
    releaseMultiple: offering?.releaseMultiple ?? "",
  };
}

function isoDay(ms: number, market: Market): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: market === "JP" ? "Asia/Tokyo" : "America/New_York",
  }).format(ms);
}

/** Creates an offering, or replaces every field of one that has not opened. */
function OfferingForm({ offering, onClose, onSaved }: { offering: Offering | undefined } & EditorForm) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(() => draftOf(offering));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = offeringInputSchema.safeParse({
      code: draft.code,
      market: draft.market,
      name: { ja: draft.nameJa, en: draft.nameEn, zhHant: draft.nameZhHant },
      sector: draft.sector,
      bandLow: draft.bandLow,
      bandHigh: draft.bandHigh,
      unitsOffered: Number(draft.unitsOffered),
      bookOpenDate: draft.bookOpenDate,
      bookCloseDate: draft.bookCloseDate,
      priceDate: draft.priceDate,
      paymentEndDate: draft.paymentEndDate,
      listingDate: draft.listingDate,
      lockupDays: Number(draft.lockupDays || "0"),
      releaseMultiple: draft.releaseMultiple.trim() === "" ? null : draft.releaseMultiple.trim(),
    });
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues));
    if (!parsed.success) return;
    void run(
      async () => {
        await saveOffering(offering?.id, parsed.data);
        notifySuccess(t`Offering saved`);
        onSaved();
      },
      (error) => setErrors((previous) => refusedFields(error) ?? previous),
    );
  }

  const text = (name: Exclude<keyof Draft, "market">, type = "text") => ({
    id: `offering-${name}`,
    type,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((previous) => ({ ...previous, [name]: event.target.value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
    error: errors[name],
    autoComplete: "off",
  });

  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate data-testid="offering-form">
      <h2 className="ops-card__title">
        {offering ? <Trans>Edit {offering.code}</Trans> : <Trans>New offering</Trans>}
      </h2>
      <div className="ops-form__grid">
        <TextField label={<Trans context="console">Code</Trans>} {...text("code")} />
        <div className="field">
          <label className="field__label" htmlFor="offering-market">
            <Trans context="console">Market</Trans>
          </label>
          <select
            id="offering-market"
            className="ops-select"
            value={draft.market}
            onChange={(event) =>
              setDraft((previous) => ({ ...previous, market: event.target.value as Market }))
            }
          >
            <option value="JP">JP</option>
            <option value="US">US</option>
          </select>
        </div>
        <TextField label={<Trans>Name (Japanese)</Trans>} {...text("nameJa")} />
        <TextField label={<Trans>Name (English)</Trans>} {...text("nameEn")} />
        <TextField label={<Trans>Name (Traditional Chinese)</Trans>} {...text("nameZhHant")} />
        <TextField label={<Trans>Sector key (e.g. software)</Trans>} {...text("sector")} />
        <TextField label={<Trans>Price range low</Trans>} inputMode="decimal" {...text("bandLow")} />
        <TextField label={<Trans>Price range high</Trans>} inputMode="decimal" {...text("bandHigh")} />
        <TextField label={<Trans>Units offered</Trans>} inputMode="numeric" {...text("unitsOffered")} />
        <TextField label={<Trans>Book-building opens</Trans>} {...text("bookOpenDate", "date")} />
        <TextField label={<Trans>Book-building closes</Trans>} {...text("bookCloseDate", "date")} />
        <TextField label={<Trans>Price decision</Trans>} {...text("priceDate", "date")} />
        <TextField label={<Trans>Payment ends</Trans>} {...text("paymentEndDate", "date")} />
        <TextField label={<Trans>Listing day</Trans>} {...text("listingDate", "date")} />
        <TextField label={<Trans>Lock-up days</Trans>} inputMode="numeric" {...text("lockupDays")} />
        <TextField
          label={<Trans>Early release at (× offer price, optional)</Trans>}
          inputMode="decimal"
          {...text("releaseMultiple")}
        />
      </div>
      <p className="ops-sub">
        <Trans>
          Every date is a trading day in the exchange's zone. Book-building runs 10:00 on its first day to
          11:00 on its last; payment until 15:00. The draw's seed is drawn when the offering is created and
          only its SHA-256 is shown until the draw.
        </Trans>
      </p>
      <div className="ops-form__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={busy} data-testid="offering-save">
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}

/** `#/ops/ipo/:id`: one offering with demand by price; set the price, run the draw. */
export function OfferingDetailScreen({ id }: { id: string }) {
  return (
    <DetailScreen
      spec={ipoApi.opsOffering}
      input={{ params: { id } }}
      title={<Trans>Offering No. {id}</Trans>}
      back={{ href: "/ops/ipo", label: <Trans>New shares</Trans> }}
      target={`offering:${id}`}
      main={(detail) => <OfferingFacts detail={detail} />}
      side={(detail) => <OfferingActions detail={detail} />}
    />
  );
}

function OfferingFacts({ detail }: { detail: OpsOffering }) {
  const { t, i18n } = useLingui();
  const { offering } = detail;
  return (
    <>
      <OpsCard title={`${offering.name.ja} (${offering.code})`}>
        <Facts
          items={[
            [<Trans key="p">Phase</Trans>, <PhaseText key="pv" phase={offering.phase} />],
            [
              <Trans key="b">Price range</Trans>,
              <span key="bv">
                <UnitPrice price={offering.bandLow} currency={offering.currency} /> –{" "}
                <UnitPrice price={offering.bandHigh} currency={offering.currency} />
              </span>,
            ],
            [
              <Trans key="o">Offer price</Trans>,
              offering.offerPrice === null ? (
                "—"
              ) : (
                <UnitPrice key="ov" price={offering.offerPrice} currency={offering.currency} />
              ),
            ],
            [<Trans key="u">Units offered</Trans>, `${offering.unitsOffered} × ${offering.unitShares}`],
            [<Trans key="d">Demand</Trans>, t`${offering.unitsAsked} units from ${offering.members} members`],
            [<Trans key="bo">Book-building</Trans>, <When key="bov" ms={offering.dates.bookOpenMs} />],
            [<Trans key="bc">Book closes</Trans>, <When key="bcv" ms={offering.dates.bookCloseMs} />],
            [<Trans key="pe">Payment ends</Trans>, <When key="pev" ms={offering.dates.paymentEndMs} />],
            [
              <Trans key="l">Listing day</Trans>,
              offering.dates.inMinutes ? (
                <When key="lv" ms={offering.dates.listingMs} />
              ) : (
                offering.dates.listingDate
              ),
            ],
            [
              <Trans key="c">Commitment</Trans>,
              <span key="cv" className="ops-code">
                {offering.commitment}
              </span>,
            ],
          ]}
        />
      </OpsCard>
      <OpsCard title={<Trans>Demand by declared price</Trans>}>
        {detail.demand.length === 0 ? (
          <Empty>
            <Trans>No declarations yet.</Trans>
          </Empty>
        ) : (
          <OpsTable
            rows={detail.demand}
            rowKey={(level) => level.price ?? "strike"}
            columns={[
              {
                label: t({ message: "Price", context: "new share" }),
                cell: (level) =>
                  level.price === null ? (
                    t`At the offer price`
                  ) : (
                    <UnitPrice price={level.price} currency={offering.currency} />
                  ),
              },
              { label: t`Units`, kind: "number", cell: (level) => level.units },
              { label: t`Members`, kind: "number", cell: (level) => level.members },
            ]}
          />
        )}
      </OpsCard>
      <OpsCard title={<Trans>Subscriptions by state</Trans>}>
        <Facts items={detail.states.map((row) => [i18n._(stateLabels[row.state]), row.count] as const)} />
      </OpsCard>
    </>
  );
}

function OfferingActions({ detail }: { detail: OpsOffering }) {
  const { t } = useLingui();
  const { offering } = detail;
  const [price, setPrice] = useState(offering.bandHigh);
  const [busy, run] = useBusy();
  if (offering.phase === "closed") {
    return (
      <form
        className="ops-card ops-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await call(ipoApi.setPrice, { params: { id: offering.id }, body: { price } });
            notifySuccess(t`Offer price set`);
          });
        }}
        data-testid="offering-price-form"
      >
        <h2 className="ops-card__title">
          <Trans>Set the offer price</Trans>
        </h2>
        <TextField
          id="offering-price"
          label={<Trans>Offer price ({offering.currency})</Trans>}
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          hint={
            <Trans>
              Inside {offering.bandLow} – {offering.bandHigh}. Declarations below it leave the draw.
            </Trans>
          }
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans>Set price</Trans>
        </button>
      </form>
    );
  }
  if (offering.phase === "priced") {
    return (
      <OpsCard title={<Trans>Run the draw</Trans>}>
        <p className="ops-sub">
          <Trans>
            Members short of one unit's cost are left out; the rest are drawn with equal chances from the
            committed seed, which is then published with every entry and the result.
          </Trans>
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          data-testid="offering-draw"
          onClick={() =>
            void run(async () => {
              await call(ipoApi.draw, { params: { id: offering.id } });
              notifySuccess(t`Draw run and published`);
            })
          }
        >
          <Trans>Run the draw</Trans>
        </button>
      </OpsCard>
    );
  }
  return (
    <OpsCard title={<Trans>Next step</Trans>}>
      <p className="ops-sub">
        {offering.phase === "scheduled" && <Trans>Editable until book-building opens.</Trans>}
        {offering.phase === "book" && (
          <Trans>Members are declaring; the price is set after the book closes.</Trans>
        )}
        {offering.phase === "payment" && (
          <Trans>Winners are paying; unpaid wins lapse to the waitlist at the deadline.</Trans>
        )}
        {offering.phase === "allotting" && <Trans>Paid winners get their shares on listing day.</Trans>}
        {offering.phase === "listed" && <Trans>Listed and trading.</Trans>}
      </p>
    </OpsCard>
  );
}
