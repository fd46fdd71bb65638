import type { BankCard } from "@kabuto/shared/api/identity";
import { identityApi } from "@kabuto/shared/endpoints/identity";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../app/confirm-dialog.tsx";
import { IconPlus } from "../../app/icons.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { call } from "../../lib/api.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { cardTypeLabel, LoadProblem, Notice, SignInNeeded } from "./identity-parts.tsx";
import "./identity.css";

/** `/user/BankCard`: the member's bank cards, numbers masked, each removable; and the way to add one. */
export function BankCardsScreen() {
  const session = useSessionState();
  const cards = useEndpoint(identityApi.cards, {});
  const security = useEndpoint(identityApi.security, {});
  const verified = security.status === "ready" && security.value.verification === "verified";
  return (
    <>
      <PageHeader back="/user/setting" title={<Trans>Bank cards</Trans>} />
      <main className="form-page">
        {!session && <SignInNeeded />}
        {session && cards.status === "error" && <LoadProblem error={cards.error} onRetry={cards.reload} />}
        {session && cards.status === "loading" && <div className="panel" aria-busy="true" />}
        {session && cards.status === "ready" && (
          <>
            {cards.value.items.length === 0 ? (
              <p className="empty" data-testid="no-cards">
                <Trans>No bank cards yet. Add the account your withdrawals should go to.</Trans>
              </p>
            ) : (
              <ul className="card-list" data-testid="bank-cards">
                {cards.value.items.map((card) => (
                  <CardItem key={card.id} card={card} />
                ))}
              </ul>
            )}
            {security.status === "ready" && !verified && (
              <Notice tone="warn">
                <Trans>Real-name verification is required before you add a card.</Trans>{" "}
                <Link href="/user/bandCard">
                  <Trans>Verify now</Trans>
                </Link>
              </Notice>
            )}
            <Link
              href="/user/WithCard"
              className="button button--primary button--block"
              data-testid="add-card"
            >
              <IconPlus />
              <Trans>Add a bank card</Trans>
            </Link>
          </>
        )}
      </main>
    </>
  );
}

function CardItem({ card }: { card: BankCard }) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());

  async function remove() {
    setBusy(true);
    try {
      await call(
        identityApi.removeCard,
        { params: { id: card.id } },
        { idempotencyKey: keys.keyFor(card.id) },
      );
      keys.settle();
      setAsking(false);
      notifySuccess(t`Card removed`);
    } catch (error) {
      keys.settle(error);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="bank-card" data-testid="bank-card">
      <div className="bank-card__head">
        <span className="bank-card__bank">{card.bankName}</span>
        <span className="bank-card__type">{cardTypeLabel(i18n, card.cardType)}</span>
      </div>
      <p className="bank-card__number num">{card.cardNumberMasked}</p>
      <div className="bank-card__foot">
        <span>
          {card.branchName} <span className="num">({card.branchCode})</span> · {card.holderName}
        </span>
        <button
          type="button"
          className="bank-card__remove"
          onClick={() => setAsking(true)}
          data-testid="remove-card"
        >
          <Trans>Remove</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={<Trans>Remove this card?</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        onConfirm={remove}
        busy={busy}
        testId="remove-card-dialog"
      >
        <p>
          <Trans>
            Withdrawals can no longer be sent to {card.bankName} {card.cardNumberMasked}.
          </Trans>
        </p>
      </ConfirmDialog>
    </li>
  );
}
