import type { ProofSnapshot } from "@kabuto/shared/api/proof";
import { proofApi } from "@kabuto/shared/endpoints/proof";
import { formatMoney } from "@kabuto/shared/format";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem } from "../identity/identity-parts.tsx";
import { requestTime } from "../wallet/wallet-parts.tsx";
import { SnapshotKind } from "./proof-parts.tsx";
import "./proof.css";

/** Earlier snapshots the page lists under the newest: two weeks of daily ones. */
const earlierShownMax = 14;

/**
 * `/proof`: the public page of proof of liabilities. Anyone, signed in or not, reads each
 * currency's root and total with the snapshot's time, and what they prove and do not; a member
 * goes on to check their own balance against them.
 */
export function ProofScreen() {
  const snapshots = useEndpoint(proofApi.snapshots, {});
  const session = useSessionState();
  return (
    <>
      <PageHeader back="/login/start" title={<Trans>Proof of liabilities</Trans>} />
      <main className="form-page proof-page">
        <section className="panel" aria-labelledby="proof-what">
          <h2 className="panel__title" id="proof-what">
            <Trans>What this proves</Trans>
          </h2>
          <p>
            <Trans>
              Every day we put every member's balance in each currency into a Merkle sum tree and publish its
              root and total here. Each member can check in the app that their own balance is in it.
            </Trans>
          </p>
          <ul className="proof-list">
            <li>
              <Trans>
                Every member's balance is counted: if yours were left out or lowered, your check would fail.
              </Trans>
            </li>
            <li>
              <Trans>
                No balance is negative: the tree refuses one, so no made-up debt can shrink the total.
              </Trans>
            </li>
            <li>
              <Trans>
                The total is what we owe members: cash available, held for orders, posted as margin and in
                copies.
              </Trans>
            </li>
          </ul>
          <h3 className="proof-subtitle">
            <Trans>What it does not prove</Trans>
          </h3>
          <p>
            <Trans>
              It shows what we owe, not what we hold against it. The money and securities we keep for members
              are checked by our auditors from bank and custodian statements, not by this page. What members
              owe us (losses past their money, loans) is shown apart and is not taken off the total.
            </Trans>
          </p>
        </section>
        {snapshots.status === "loading" && <span className="skeleton" />}
        {snapshots.status === "error" && <LoadProblem error={snapshots.error} onRetry={snapshots.reload} />}
        {snapshots.status === "ready" && (
          <Snapshots snapshots={snapshots.value.snapshots} signedIn={session !== null} />
        )}
      </main>
    </>
  );
}

function Snapshots({ snapshots, signedIn }: { snapshots: ProofSnapshot[]; signedIn: boolean }) {
  const locale = useLocale();
  const [newest, ...earlier] = snapshots;
  if (!newest)
    return (
      <p className="request-empty" data-testid="proof-empty">
        <Trans>No snapshot has been published yet.</Trans>
      </p>
    );
  return (
    <>
      <section className="panel" aria-labelledby="proof-latest" data-testid="proof-latest">
        <h2 className="panel__title" id="proof-latest">
          <Trans>Latest snapshot</Trans>
        </h2>
        <p className="proof-when">
          <Trans>
            Taken {requestTime(newest.takenAtMs, locale)} (Tokyo time), <SnapshotKind kind={newest.kind} />
          </Trans>
        </p>
        <RootTable snapshot={newest} />
        {newest.trailDigest && (
          <div className="proof-root" data-testid="proof-trail">
            <p className="proof-root__label">
              <Trans>
                History pinned by this snapshot: the digest of the newest link of every member's chain of
                journals and of the audit log. A record changed or removed afterwards no longer leads to it.
              </Trans>
            </p>
            <code className="proof-hash">{newest.trailDigest}</code>
          </div>
        )}
        {signedIn ? (
          <Link
            href={`/user/proof?id=${newest.id}`}
            className="button button--primary"
            data-testid="proof-verify-link"
          >
            <Trans>Verify my balance</Trans>
          </Link>
        ) : (
          <Link href="/login/login" className="button button--outline">
            <Trans>Sign in to verify your balance</Trans>
          </Link>
        )}
      </section>
      {earlier.length > 0 && (
        <section className="panel" aria-labelledby="proof-earlier">
          <h2 className="panel__title" id="proof-earlier">
            <Trans>Earlier snapshots</Trans>
          </h2>
          <ul className="proof-earlier">
            {earlier.slice(0, earlierShownMax).map((snapshot) => (
              <li key={snapshot.id}>
                <span className="num">{requestTime(snapshot.takenAtMs, locale)}</span>{" "}
                <SnapshotKind kind={snapshot.kind} />
                {signedIn && (
                  <>
                    {" "}
                    <Link href={`/user/proof?id=${snapshot.id}`}>
                      <Trans>Verify</Trans>
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Each currency's total owed, debts apart, and root. */
function RootTable({ snapshot }: { snapshot: ProofSnapshot }) {
  const locale = useLocale();
  return (
    <dl className="proof-roots">
      {snapshot.roots.map((root) => (
        <div key={root.currency} className="proof-root" data-testid={`proof-root-${root.currency}`}>
          <dt className="proof-root__currency">{root.currency}</dt>
          <dd>
            <span className="proof-root__label">
              <Trans>Owed to members</Trans>
            </span>{" "}
            <span className="num proof-root__total">{formatMoney(root.total, root.currency, locale)}</span>
          </dd>
          <dd>
            <span className="proof-root__label">
              <Trans>Owed by members (kept apart)</Trans>
            </span>{" "}
            <span className="num">{formatMoney(root.debts, root.currency, locale)}</span>
          </dd>
          <dd>
            <span className="proof-root__label">
              <Trans context="merkle tree">Root</Trans>
            </span>{" "}
            <code className="proof-hash">{root.root}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}
