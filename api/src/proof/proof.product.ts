import { proofDepthDefault } from "@kabuto/shared/proof/tree";
import { product } from "../kernel/product.ts";
import { mountProofRoutes } from "./proof.routes.ts";
import { ProofService } from "./proof.service.ts";

/**
 * How often the worker looks for the Tokyo day's snapshot: once it is taken each pass is one
 * indexed read, and a new day's is taken within a minute of Tokyo midnight.
 */
const dailyIntervalMs = 60_000;

/** Proof of liabilities: a Merkle sum tree per currency over what the broker owes each member, published daily. */
export const proofProduct = product({
  name: "proof",
  uses: [],
  create: ({ database, now }) => ({
    proof: new ProofService({ db: database.db, now, depth: proofDepthDefault }),
  }),
  routes: ({ router, ops, docs }, { proof }) => mountProofRoutes(router, ops, docs, { proof }),
  jobs: ({ proof }) => [
    { name: "proof of liabilities", intervalMs: dailyIntervalMs, run: () => proof.daily() },
  ],
  seed: {
    // The first snapshot counts the demo members and their money, so it follows the seeds that make them.
    when: "start",
    after: ["auth", "funding", "ipo"],
    run: async ({ db, nowMs }) => {
      const proof = new ProofService({ db, now: () => nowMs, depth: proofDepthDefault });
      const taken = await proof.daily();
      return taken ? [`took the day's proof-of-liabilities snapshot (${taken.roots.length} currencies)`] : [];
    },
  },
});
