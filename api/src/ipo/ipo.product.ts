import { product } from "../kernel/product.ts";
import { seedDemoNewShares } from "../seed.ts";
import { mountIpoRoutes } from "./ipo.routes.ts";
import { IpoService } from "./ipo.service.ts";
import { DemoOperator, seedTimedOffering } from "./ipo-demo.ts";
import { demoApplicants, demoCrowdSize } from "./ipo-seed.ts";

/** How often the worker looks for new shares whose payment deadline or listing day has come. */
const advanceIntervalMs = 30_000;

/**
 * How often the demo operator looks at the demo time scale's offering: often enough that the
 * crowd's declarations arrive a few at a time and the price and draw land within seconds of
 * their minute.
 */
const demoOperatorIntervalMs = 5_000;

/** New shares: book-building, the published draw, payment, listing and lock-ups. */
export const ipoProduct = product({
  name: "ipo",
  // The off-book fill of an allotment is trading's.
  uses: ["trading"],
  create: ({ database, now, events, bus }) => ({
    ipo: new IpoService({ db: database.db, now, events, bus }),
  }),
  routes: ({ router, ops, docs, now }, { ipo }) => mountIpoRoutes(router, ops, docs, { ipo, now }),
  jobs: ({ ipo }, { config, database, now }) => [
    { name: "new shares", intervalMs: advanceIntervalMs, run: () => ipo.advance() },
    // Only on the demo time scale (an always-open demo): nowhere else does it exist.
    ...(config.DEMO_IPO_TIMELINE
      ? [
          {
            name: "demo new share operator",
            intervalMs: demoOperatorIntervalMs,
            run: () => new DemoOperator({ db: database.db, ipo, now }).step(),
          },
        ]
      : []),
  ],
  seed: [
    {
      when: "start",
      after: ["auth", "staff", "funding"],
      run: async ({ db, config, nowMs }) => {
        const offerings = await seedDemoNewShares(db, config, nowMs, "start");
        const lines = offerings > 0 ? [`created ${offerings} demo new shares the demo member acts on`] : [];
        const minutes = config.DEMO_IPO_TIMELINE;
        const ipo = new IpoService({ db, now: () => nowMs, events: () => undefined });
        if (minutes && (await seedTimedOffering(db, ipo, minutes, nowMs))) {
          lines.push(
            `created a demo new share on the demo time scale: book-building ${minutes.open}–${minutes.close} min from now, price ${minutes.price}, draw ${minutes.draw}, payment until ${minutes.paymentEnd}, listing ${minutes.listing}, lock-up until ${minutes.lockUpEnd}`,
          );
        }
        return lines;
      },
    },
    {
      // Hundreds of applicants, each registered, verified and funded through the services, take
      // longer than a first start should wait: they ask for the crowded offerings in the background.
      when: "history",
      // The applicants are verified and funded by the demo admin, into a demo channel.
      after: ["staff", "funding"],
      run: async ({ db, config, nowMs }) => {
        const startedMs = Date.now();
        const offerings = await seedDemoNewShares(db, config, nowMs, "history", config.DEMO_IPO_CROWD);
        return offerings > 0
          ? [
              `created ${offerings} crowded demo new shares with ${demoApplicants.length + Math.min(demoCrowdSize, config.DEMO_IPO_CROWD)} applicants in ${Date.now() - startedMs} ms`,
            ]
          : [];
      },
    },
  ],
});
