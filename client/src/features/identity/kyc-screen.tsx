import {
  type DocumentType,
  documentTypes,
  type KycApplication,
  type KycStatus,
} from "@kabuto/shared/api/identity";
import { identityApi } from "@kabuto/shared/endpoints/identity";
import { formatDate } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { uploadUrl } from "./identity-api.ts";
import { buildKyc } from "./identity-forms.ts";
import { documentLabels, LoadProblem, Notice, SignInNeeded, VerificationTag } from "./identity-parts.tsx";
import { photoPrint } from "./photo.ts";
import { PhotoField } from "./photo-field.tsx";
import "./identity.css";

/**
 * `/user/bandCard`: real-name verification (the spec's route name). Shows where the member
 * stands, and takes a first or a renewed application when there is none under review.
 */
export function KycScreen() {
  const session = useSessionState();
  const status = useEndpoint(identityApi.kyc, {});
  return (
    <>
      <PageHeader back="/user/setting" title={<Trans>Real-name verification</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && status.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && status.status === "error" && <LoadProblem error={status.error} onRetry={status.reload} />}
        {session && status.status === "ready" && <Loaded status={status.value} />}
      </main>
    </>
  );
}

function Loaded({ status }: { status: KycStatus }) {
  const canApply = status.verification === "unverified" || status.verification === "rejected";
  return (
    <>
      <StatusPanel status={status} />
      {canApply && <KycForm previous={status.application} />}
    </>
  );
}

function StatusPanel({ status }: { status: KycStatus }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const application = status.application;
  return (
    <section className="panel" data-testid="kyc-status">
      <div className="panel__head">
        <h2 className="panel__title">
          <Trans>Status</Trans>
        </h2>
        <VerificationTag status={status.verification} />
      </div>
      {status.verification === "unverified" && (
        <p className="panel__text">
          <Trans>
            Verify your identity to add a bank card and withdraw. Staff review each application and the result
            shows here.
          </Trans>
        </p>
      )}
      {status.verification === "verified" && (
        <p className="panel__text">
          <Trans>Your identity is verified. Bank cards must be in your verified name.</Trans>
        </p>
      )}
      {status.verification === "pending" && (
        <p className="panel__text">
          <Trans>We are reviewing your documents. You will see the result here.</Trans>
        </p>
      )}
      {status.verification === "rejected" && (
        <Notice tone="danger" testId="kyc-reason">
          <Trans>Not approved: {application?.reason ?? "—"}</Trans>
          <br />
          <Trans>Please correct it and apply again below.</Trans>
        </Notice>
      )}
      {application && status.verification !== "unverified" && (
        <dl className="kv-list">
          <div className="kv-list__row">
            <dt>
              <Trans>Document</Trans>
            </dt>
            <dd>{i18n._(documentLabels[application.documentType])}</dd>
          </div>
          <div className="kv-list__row">
            <dt>
              <Trans context="person">Name</Trans>
            </dt>
            <dd>{application.name}</dd>
          </div>
          {application.nameKana && (
            <div className="kv-list__row">
              <dt>
                <Trans>Reading (kana)</Trans>
              </dt>
              <dd>{application.nameKana}</dd>
            </div>
          )}
          <div className="kv-list__row">
            <dt>
              <Trans>Document number</Trans>
            </dt>
            <dd className="num">{application.idNumberMasked}</dd>
          </div>
          {/* Dates are on Tokyo's clock, as the rest of the member's records. */}
          <div className="kv-list__row">
            <dt>
              <Trans>Submitted</Trans>
            </dt>
            <dd className="num">{formatDate(application.createdAtMs, locale, marketZone.JP)}</dd>
          </div>
          {application.reviewedAtMs !== null && (
            <div className="kv-list__row">
              <dt>
                <Trans>Reviewed</Trans>
              </dt>
              <dd className="num">{formatDate(application.reviewedAtMs, locale, marketZone.JP)}</dd>
            </div>
          )}
        </dl>
      )}
      {application && status.verification !== "unverified" && (
        <div className="kyc-images">
          <img src={uploadUrl(application.frontUploadId)} alt={t`Front of the document`} />
          <img src={uploadUrl(application.backUploadId)} alt={t`Back of the document`} />
        </div>
      )}
    </section>
  );
}

/** A renewed application starts from the rejected one's document type and name; photos are taken afresh. */
function KycForm({ previous }: { previous: KycApplication | null }) {
  const { t, i18n } = useLingui();
  const [documentType, setDocumentType] = useState<DocumentType>(previous?.documentType ?? "id_card");
  const [name, setName] = useState(previous?.name ?? "");
  const [nameKana, setNameKana] = useState(previous?.nameKana ?? "");
  const [idNumber, setIdNumber] = useState("");
  const [front, setFront] = useState<File>();
  const [back, setBack] = useState<File>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = buildKyc({ documentType, name, nameKana, idNumber, front, back });
    setErrors(built.errors ?? {});
    if (built.errors) return;
    setBusy(true);
    try {
      // One intent per set of fields and photos: a retry after a lost answer is the same application.
      const fingerprint = JSON.stringify([
        documentType,
        name,
        nameKana,
        idNumber,
        photoPrint(front),
        photoPrint(back),
      ]);
      await call(identityApi.submitKyc, { body: built.form }, { idempotencyKey: keys.keyFor(fingerprint) });
      keys.settle();
      notifySuccess(t`Submitted for review`);
    } catch (error) {
      keys.settle(error);
      if (error instanceof ApiError) setErrors(error.fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="kyc-form">
      <h2 className="panel__title">
        <Trans>Your identity document</Trans>
      </h2>
      <fieldset className="pick-list" aria-invalid={errors.documentType ? true : undefined}>
        <legend className="field__label">
          <Trans>Document type</Trans>
        </legend>
        {documentTypes.map((type) => (
          <label key={type} className="pick pick--compact">
            <input
              type="radio"
              name="kyc-document"
              value={type}
              checked={type === documentType}
              onChange={() => setDocumentType(type)}
            />
            <span className="pick__title">{i18n._(documentLabels[type])}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        id="kyc-name"
        label={<Trans>Name (as on the document)</Trans>}
        autoComplete="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ name: _, ...rest }) => rest);
        }}
        error={errors.name}
      />
      <TextField
        id="kyc-name-kana"
        label={<Trans>Reading in katakana (optional)</Trans>}
        hint={
          <Trans>
            As on your bank account, for example ヤマダ タロウ. Cards in this name can then be added.
          </Trans>
        }
        autoComplete="off"
        value={nameKana}
        onChange={(event) => {
          setNameKana(event.target.value);
          setErrors(({ nameKana: _, ...rest }) => rest);
        }}
        error={errors.nameKana}
      />
      <TextField
        id="kyc-id-number"
        label={<Trans>Document number</Trans>}
        autoComplete="off"
        inputMode="text"
        value={idNumber}
        onChange={(event) => {
          setIdNumber(event.target.value);
          setErrors(({ idNumber: _, ...rest }) => rest);
        }}
        error={errors.idNumber}
      />
      <div className="photo-pair">
        <PhotoField
          id="kyc-front"
          camera
          label={<Trans context="document side">Front</Trans>}
          hint={<Trans>Photo of the front</Trans>}
          file={front}
          onChange={(file) => {
            setFront(file);
            setErrors(({ front: _, ...rest }) => rest);
          }}
          error={errors.front}
        />
        <PhotoField
          id="kyc-back"
          camera
          label={<Trans context="document side">Back</Trans>}
          hint={<Trans>Photo of the back</Trans>}
          file={back}
          onChange={(file) => {
            setBack(file);
            setErrors(({ back: _, ...rest }) => rest);
          }}
          error={errors.back}
        />
      </div>
      <p className="field__hint">
        <Trans>Photograph both sides in full: every corner in the frame, sharp and without glare.</Trans>
      </p>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        <Trans>Submit for review</Trans>
      </button>
    </form>
  );
}
