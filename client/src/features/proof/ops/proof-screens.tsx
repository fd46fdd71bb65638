import type { ProofSnapshot } from "@kabuto/shared/api/proof";
import { proofApi } from "@kabuto/shared/endpoints/proof";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { call } from "../../../lib/api.ts";
import { IntentKeys } from "../../../lib/intent-key.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { OpsTable } from "../../ops/ops-table.tsx";
import { Loaded, Money, OpsCard, OpsPage, useBusy, When } from "../../ops/parts.tsx";

/**
 * `#/ops/proof`: the published proof-of-liabilities snapshots, newest first, with each currency's
 * total owed, debts kept apart and root; a supervisor takes one now (audited, and a retried click
 * takes none twice).
 */
export function ProofSnapshotsScreen() {
  const { t } = useLingui();
  const snapshots = useEndpoint(proofApi.snapshots, {});
  const [busy, run] = useBusy();
  const intents = useRef(new IntentKeys());

  async function takeNow() {
    await run(async () => {
      const key = intents.current.keyFor("take");
      try {
        await call(proofApi.take, {}, { idempotencyKey: key });
        intents.current.settle();
      } catch (error) {
        intents.current.settle(error);
        throw error;
      }
      notifySuccess(t`Snapshot taken and published`);
      snapshots.reload();
    });
  }

  return (
    <OpsPage
      title={<Trans>Proof of liabilities</Trans>}
      actions={
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => void takeNow()}
          data-testid="proof-take"
        >
          <Trans>Take a snapshot now</Trans>
        </button>
      }
    >
      <OpsCard title={<Trans>Snapshots</Trans>}>
        <p className="ops-muted">
          <Trans>
            The worker takes one each Tokyo day. Each snapshot publishes, per currency, the root and total of
            what we owe members; what members owe us is kept apart.
          </Trans>
        </p>
        <Loaded state={snapshots} retry={snapshots.reload}>
          {(answer) => (
            <OpsTable
              rows={answer.snapshots.flatMap((snapshot) =>
                snapshot.roots.map((root) => ({ snapshot, root })),
              )}
              rowKey={(row) => `${row.snapshot.id}:${row.root.currency}`}
              columns={[
                { label: t`No.`, cell: (row) => row.snapshot.id },
                { label: t`Taken`, cell: (row) => <When ms={row.snapshot.takenAtMs} /> },
                { label: t`Kind`, cell: (row) => <KindText snapshot={row.snapshot} /> },
                { label: t`Currency`, cell: (row) => row.root.currency },
                {
                  label: t`Owed to members`,
                  kind: "number",
                  cell: (row) => <Money amount={row.root.total} currency={row.root.currency} />,
                },
                {
                  label: t`Owed by members`,
                  kind: "number",
                  cell: (row) => <Money amount={row.root.debts} currency={row.root.currency} />,
                },
                {
                  label: t`Root`,
                  cell: (row) => <code>{row.root.root.slice(0, 16)}…</code>,
                },
              ]}
            />
          )}
        </Loaded>
      </OpsCard>
    </OpsPage>
  );
}

function KindText({ snapshot }: { snapshot: ProofSnapshot }) {
  return snapshot.kind === "daily" ? (
    <Trans context="proof snapshot kind">Daily</Trans>
  ) : (
    <Trans context="proof snapshot kind">On request</Trans>
  );
}
