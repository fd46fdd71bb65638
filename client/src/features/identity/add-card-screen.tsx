import { type BankCardInput, bankCardTypes, type SecurityStatus } from "@kabuto/shared/api/identity";
import { identityApi } from "@kabuto/shared/endpoints/identity";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ComponentProps, type FormEvent, type ReactNode, useState } from "react";
import { Link, useLocation } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import type { FieldErrors } from "../auth/form-errors.ts";
import { buildCard } from "./identity-forms.ts";
import { cardTypeLabel, LoadProblem, Notice, SignInNeeded } from "./identity-parts.tsx";
import "./identity.css";

/** `/user/WithCard`: adds a bank card; the member's real name must be verified first (spec section 5). */
export function AddCardScreen() {
  const session = useSessionState();
  const security = useEndpoint(identityApi.security, {});
  return (
    <>
      <PageHeader back="/user/BankCard" title={<Trans>Add a bank card</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && security.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && security.status === "error" && (
          <LoadProblem error={security.error} onRetry={security.reload} />
        )}
        {session && security.status === "ready" && <Gate security={security.value} />}
      </main>
    </>
  );
}

function Gate({ security }: { security: SecurityStatus }) {
  if (security.verification === "verified") return <CardForm realName={security.realName ?? ""} />;
  return (
    <Notice tone="warn" testId="card-needs-kyc">
      <p className="notice__text">
        {security.verification === "pending" ? (
          <Trans>Your real-name verification is under review. You can add a card once it is approved.</Trans>
        ) : (
          <Trans>Real-name verification is required before you add a card.</Trans>
        )}
      </p>
      <Link href="/user/bandCard" className="button button--primary button--small">
        <Trans>Real-name verification</Trans>
      </Link>
    </Notice>
  );
}

function CardForm({ realName }: { realName: string }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [card, setCard] = useState<Required<BankCardInput>>({
    holderName: realName,
    cardNumber: "",
    cardType: "ordinary",
    bankName: "",
    branchName: "",
    branchCode: "",
    ifsc: "",
    upi: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());

  function edit(field: keyof BankCardInput) {
    return (value: string) => {
      setCard((previous) => ({ ...previous, [field]: value }));
      setErrors(({ [field]: _, ...rest }) => rest);
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = buildCard(card);
    setErrors(built.errors ?? {});
    if (built.errors) return;
    setBusy(true);
    try {
      await call(
        identityApi.addCard,
        { body: built.card },
        { idempotencyKey: keys.keyFor(JSON.stringify(built.card)) },
      );
      keys.settle();
      notifySuccess(t`Card added`);
      navigate("/user/BankCard", { replace: true });
    } catch (error) {
      keys.settle(error);
      if (error instanceof ApiError) {
        if (error.code === "CARD_HOLDER_MISMATCH") setErrors({ holderName: error.code });
        else if (error.code === "CARD_EXISTS" || error.code === "CARD_NUMBER_INVALID")
          setErrors({ cardNumber: error.code });
        else setErrors(error.fields);
      }
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  const text = (
    field: keyof BankCardInput,
    label: ReactNode,
    props: Partial<ComponentProps<typeof TextField>> = {},
  ) => (
    <TextField
      id={`card-${field}`}
      label={label}
      autoComplete="off"
      value={card[field]}
      onChange={(event) => edit(field)(event.target.value)}
      error={errors[field]}
      {...props}
    />
  );

  return (
    <form className="panel" onSubmit={submit} noValidate data-testid="card-form">
      {text("holderName", <Trans>Account holder</Trans>, { autoComplete: "name" })}
      <p className="field__hint">
        <Trans>
          The holder must be you: your verified name, or the reading in kana you gave with your verification.
        </Trans>
      </p>
      {text("bankName", <Trans>Bank name</Trans>)}
      {text("branchName", <Trans>Branch name</Trans>)}
      {text("branchCode", <Trans>Branch code</Trans>, { inputMode: "numeric" })}
      <ChoiceChips
        name="card-type"
        legend={<Trans>Account type</Trans>}
        value={card.cardType}
        onChange={edit("cardType")}
        choices={bankCardTypes.map((type) => ({ value: type, label: cardTypeLabel(i18n, type) }))}
        error={errors.cardType}
      />
      {text("cardNumber", <Trans>Account number</Trans>, { inputMode: "numeric" })}
      <details className="card-form__more">
        <summary>
          <Trans>Indian accounts: IFSC and UPI</Trans>
        </summary>
        {text("ifsc", <Trans>IFSC</Trans>, { autoCapitalize: "characters" })}
        {text("upi", <Trans>UPI ID</Trans>)}
      </details>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        <Trans>Add card</Trans>
      </button>
    </form>
  );
}
