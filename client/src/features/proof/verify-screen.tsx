import {
  type MemberProof,
  type MemberProofLeaf,
  proofPathOf,
  proofRootNodeOf,
  provenAmountOf,
} from "@kabuto/shared/api/proof";
import { proofApi } from "@kabuto/shared/endpoints/proof";
import { formatMoney } from "@kabuto/shared/format";
import { decimalToMinor, minorToDecimal } from "@kabuto/shared/money";
import { leafHashOf, verifyProofPath } from "@kabuto/shared/proof/tree";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useSearch } from "wouter";
import { PageHeader } from "../../app/page-header.tsx";
import { TextField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, SignInNeeded } from "../identity/identity-parts.tsx";
import { requestTime } from "../wallet/wallet-parts.tsx";
import { SnapshotKind } from "./proof-parts.tsx";
import "./proof.css";

/**
 * `/user/proof?id=`: "verify my balance". Shows what a snapshot counted of the member's money in
 * each currency, recomputes their leaf in the browser from the balance shown, climbs the path with
 * the shared tree code the server built with, and says whether it reaches the published root.
 * The balance is an input: change it by a yen and the check fails, which is the point.
 */
export function VerifyScreen() {
  const session = useSessionState();
  const search = new URLSearchParams(useSearch());
  const snapshots = useEndpoint(proofApi.snapshots, {});
  const asked = search.get("id");
  const id = asked ?? (snapshots.status === "ready" ? (snapshots.value.snapshots[0]?.id ?? null) : null);
  const proof = useEndpoint(proofApi.mine, session && id ? { params: { id } } : null);
  return (
    <>
      <PageHeader back="/proof" title={<Trans>Verify my balance</Trans>} />
      <main className="form-page proof-page">
        {!session && <SignInNeeded />}
        {session && snapshots.status === "ready" && snapshots.value.snapshots.length === 0 && (
          <p className="request-empty">
            <Trans>No snapshot has been published yet.</Trans>
          </p>
        )}
        {session && snapshots.status === "error" && (
          <LoadProblem error={snapshots.error} onRetry={snapshots.reload} />
        )}
        {session && id && proof.status === "loading" && <span className="skeleton" />}
        {session && proof.status === "error" && <LoadProblem error={proof.error} />}
        {session && proof.status === "ready" && <Proof proof={proof.value} />}
      </main>
    </>
  );
}

function Proof({ proof }: { proof: MemberProof }) {
  const locale = useLocale();
  return (
    <>
      <section className="panel" aria-labelledby="proof-snapshot">
        <h2 className="panel__title" id="proof-snapshot">
          <Trans>Snapshot</Trans>
        </h2>
        <p className="proof-when" data-testid="proof-snapshot-time">
          <Trans>
            Taken {requestTime(proof.snapshot.takenAtMs, locale)} (Tokyo time),{" "}
            <SnapshotKind kind={proof.snapshot.kind} />
          </Trans>
        </p>
        <p>
          <Trans>
            Your balances below are what the snapshot counted. Your browser hashes them with your salt into
            your leaf, climbs the path of {proof.snapshot.depth} steps to the top with the same code our
            server used, and compares what it reaches with the published root and total.
          </Trans>
        </p>
      </section>
      {proof.leaves.map((leaf) => (
        <LeafCheck key={leaf.currency} proof={proof} leaf={leaf} />
      ))}
    </>
  );
}

function LeafCheck({ proof, leaf }: { proof: MemberProof; leaf: MemberProofLeaf }) {
  const { t } = useLingui();
  const locale = useLocale();
  const counted = provenAmountOf(leaf.balances);
  const [text, setText] = useState(minorToDecimal(counted, leaf.currency));
  const root = proof.snapshot.roots.find((each) => each.currency === leaf.currency);
  const amount = decimalToMinor(text, leaf.currency);
  const checked =
    root && amount !== undefined
      ? verifyProofPath(
          leaf.currency,
          { leafId: proof.leafId, salt: proof.salt, amount },
          proofPathOf(leaf),
          proofRootNodeOf(root),
          proof.snapshot.depth,
        )
      : "shape";
  const leafHash =
    amount !== undefined && amount >= 0n
      ? leafHashOf(leaf.currency, { leafId: proof.leafId, salt: proof.salt, amount })
      : "";
  const money = (value: string) => formatMoney(value, leaf.currency, locale);
  return (
    <section
      className="panel"
      aria-labelledby={`proof-${leaf.currency}`}
      data-testid={`proof-leaf-${leaf.currency}`}
    >
      <h2 className="panel__title" id={`proof-${leaf.currency}`}>
        {leaf.currency}
      </h2>
      <dl className="proof-balances">
        <dt>
          <Trans context="money purpose">Available</Trans>
        </dt>
        <dd className="num">{money(leaf.balances.available)}</dd>
        <dt>
          <Trans>Held for orders and withdrawals</Trans>
        </dt>
        <dd className="num">{money(leaf.balances.held)}</dd>
        <dt>
          <Trans>Posted as margin</Trans>
        </dt>
        <dd className="num">{money(leaf.balances.margin)}</dd>
        <dt>
          <Trans>In copies of lead traders</Trans>
        </dt>
        <dd className="num">{money(leaf.balances.copy)}</dd>
        <dt>
          <Trans>Counted in total</Trans>
        </dt>
        <dd className="num" data-testid={`proof-counted-${leaf.currency}`}>
          {money(leaf.amount)}
        </dd>
      </dl>
      <TextField
        id={`proof-amount-${leaf.currency}`}
        label={t`Balance to check (${leaf.currency})`}
        inputMode="decimal"
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid={`proof-amount-${leaf.currency}`}
      />
      {checked === null ? (
        <p
          className="proof-result proof-result--ok"
          role="status"
          data-testid={`proof-result-${leaf.currency}`}
        >
          <Trans>Verified: this balance is in the published root and total.</Trans>
        </p>
      ) : (
        <p
          className="proof-result proof-result--fail"
          role="status"
          data-testid={`proof-result-${leaf.currency}`}
        >
          {amount === undefined ? (
            <Trans>Enter an amount to check.</Trans>
          ) : (
            <Trans>Not verified: this balance does not reach the published root.</Trans>
          )}
        </p>
      )}
      <dl className="proof-details">
        <dt>
          <Trans>Your leaf id</Trans>
        </dt>
        <dd>
          <code className="proof-hash">{proof.leafId}</code>
        </dd>
        <dt>
          <Trans>Your salt for this snapshot</Trans>
        </dt>
        <dd>
          <code className="proof-hash">{proof.salt}</code>
        </dd>
        <dt>
          <Trans>Your leaf</Trans>
        </dt>
        <dd>
          <code className="proof-hash">{leafHash}</code>
        </dd>
        <dt>
          <Trans>Published root</Trans>
        </dt>
        <dd>
          <code className="proof-hash">{root?.root}</code>
        </dd>
      </dl>
    </section>
  );
}
