import { Trans } from "@lingui/react/macro";
import { PageHeader } from "../../app/page-header.tsx";
import { lightweightChartsNotice as charts } from "./notices.ts";
import "./user.css";

/**
 * `/user/aboutUs` (the spec's route): what the app is built with. Holds the attribution
 * Lightweight Charts' licence asks for (its notice and a link to TradingView), so the charts
 * themselves carry no logo.
 */
export function AboutScreen() {
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>About Kabuto</Trans>} />
      <main className="mine about">
        <section className="about__section">
          <h2 className="about__title">
            <Trans>Open-source software</Trans>
          </h2>
          <p className="about__text">
            <Trans>Price charts are drawn with {charts.name}, made by TradingView.</Trans>
          </p>
          <figure className="about__notice" id="chart-attribution" data-testid="chart-attribution">
            <pre lang="en">{charts.notice}</pre>
            <figcaption className="about__licence">{charts.licence}</figcaption>
          </figure>
          <a className="about__link" href={charts.href} target="_blank" rel="noopener noreferrer">
            <Trans>Visit TradingView</Trans>
          </a>
        </section>
      </main>
    </>
  );
}
