import { Trans, useLingui } from "@lingui/react/macro";
import { z } from "zod";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { configValue, loadPublicConfig } from "../../lib/config-title.ts";
import { useFresh } from "../home/use-fresh.ts";
import { lightweightChartsNotice as charts } from "./notices.ts";
import "./user.css";

/** What vite.config.ts writes beside the page at every build: the bundled packages and their licences. */
const licenceListSchema = z.array(
  z.object({
    name: z.string(),
    version: z.string(),
    license: z.string(),
    homepage: z.string().nullable(),
    text: z.string().nullable(),
    notice: z.string().nullable(),
  }),
);
type LicenceList = z.infer<typeof licenceListSchema>;

async function fetchLicences(): Promise<LicenceList> {
  // Relative to the page, as the built assets are: the client works from any folder.
  const response = await fetch("./licences.json");
  if (!response.ok) throw new Error(`licences.json: ${response.status}`);
  return licenceListSchema.parse(await response.json());
}

/** Scrolls to a section of this screen; the address's hash is the route, so no `#anchor` links. */
function jumpTo(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
}

/**
 * `/user/aboutUs` (the spec's route): who runs the app, its version and build, its terms and
 * privacy notice, and the licences of the open-source software it is built with. Holds the
 * attribution Lightweight Charts' licence asks for (its notice and a link to TradingView), so
 * the charts themselves carry no logo.
 */
export function AboutScreen() {
  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>About Kabuto</Trans>} />
      <main className="mine about">
        <Company />
        <Build />
        <Terms />
        <Privacy />
        <OpenSource />
      </main>
    </>
  );
}

function Company() {
  const config = useFresh(loadPublicConfig);
  const email = configValue(config.value ?? [], "supportEmail");
  return (
    <section className="about__section" data-testid="about-company">
      <h2 className="about__title">
        <Trans>Kabuto</Trans>
      </h2>
      <p className="about__text">
        <Trans>
          Kabuto is a mobile brokerage for Japanese and US stocks, run as a demonstration: prices come from a
          built-in market simulator that follows the Tokyo and New York exchanges' hours, price steps and
          daily limits, and no order reaches a real exchange.
        </Trans>
      </p>
      {email && (
        <p className="about__text">
          <Trans>Contact:</Trans> <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
      <div className="about__jumps">
        <button type="button" className="about__link" onClick={() => jumpTo("about-terms")}>
          <Trans>Terms of use</Trans>
        </button>
        <button type="button" className="about__link" onClick={() => jumpTo("about-privacy")}>
          <Trans>Privacy</Trans>
        </button>
        <button type="button" className="about__link" onClick={() => jumpTo("about-licences")}>
          <Trans>Open-source licences</Trans>
        </button>
      </div>
    </section>
  );
}

function Build() {
  const locale = useLocale();
  const version = __KABUTO_VERSION__;
  const commit = __KABUTO_COMMIT__;
  const builtAt = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
    __KABUTO_BUILT_AT_MS__,
  );
  return (
    <section className="about__section" data-testid="about-build">
      <h2 className="about__title">
        <Trans>Version</Trans>
      </h2>
      <dl className="about__facts">
        <dt>
          <Trans>Version</Trans>
        </dt>
        <dd data-testid="about-version">{version}</dd>
        <dt>
          <Trans>Build</Trans>
        </dt>
        <dd className="num">{commit}</dd>
        <dt>
          <Trans>Built</Trans>
        </dt>
        <dd>{builtAt}</dd>
      </dl>
    </section>
  );
}

function Terms() {
  return (
    <section className="about__section" id="about-terms" data-testid="about-terms">
      <h2 className="about__title">
        <Trans>Terms of use</Trans>
      </h2>
      <ol className="about__list">
        <li>
          <Trans>
            Prices are the simulator's, not the market's. Orders fill against its order book and never reach
            an exchange.
          </Trans>
        </li>
        <li>
          <Trans>
            The money in your account is the demonstration's: staff approve a deposit against the receipt you
            upload, and no bank pays anything in or out.
          </Trans>
        </li>
        <li>
          <Trans>
            Trading with leverage can lose more than your margin. A position is closed when its equity falls
            below half of its margin, and a loss beyond your cash is a debt shown in your fund records.
          </Trans>
        </li>
        <li>
          <Trans>
            Staff may freeze or restrict an account. They change your money only with an entry you see in your
            fund records, with the reason.
          </Trans>
        </li>
      </ol>
    </section>
  );
}

function Privacy() {
  return (
    <section className="about__section" id="about-privacy" data-testid="about-privacy">
      <h2 className="about__title">
        <Trans>Privacy</Trans>
      </h2>
      <ul className="about__list">
        <li>
          <Trans>
            We keep your mobile number, your password (only as a hash), the name, document number and photos
            you give to verify your identity, your bank cards, and your orders, positions and fund records.
          </Trans>
        </li>
        <li>
          <Trans>
            We use them to sign you in, to verify you before money moves, to keep your ledger and to stop
            abuse, for which we also note the address and time of each sign-in.
          </Trans>
        </li>
        <li>
          <Trans>
            Only you and our operations staff see them, and every staff action is written to an audit log.
            Photos are stored without their metadata. Nothing is sold or shared, and the app loads nothing
            from other sites.
          </Trans>
        </li>
        <li>
          <Trans>
            Records of money are kept for as long as the ledger must keep them. Ask customer service about
            your data.
          </Trans>
        </li>
      </ul>
    </section>
  );
}

function OpenSource() {
  // A file of the build beside the page, not an endpoint of the API: read once per showing.
  const licences = useFresh(fetchLicences);
  return (
    <section className="about__section" id="about-licences" data-testid="about-licences">
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
      <p className="about__text">
        <Trans>The app is built with these packages, listed from its build with their licences:</Trans>
      </p>
      {licences.value === undefined && licences.error === undefined && <span className="skeleton" />}
      {licences.error !== undefined && (
        <p className="about__text" role="status">
          <Trans>The list of licences is made when the app is built; this copy was not built with one.</Trans>
        </p>
      )}
      {licences.value !== undefined && <LicenceList items={licences.value} />}
    </section>
  );
}

function LicenceList({ items }: { items: LicenceList }) {
  const { t } = useLingui();
  return (
    <ul className="about__packages" aria-label={t`Open-source licences`}>
      {items.map((item) => (
        <li key={`${item.name}@${item.version}`} data-testid="licence">
          <details>
            <summary>
              <span className="about__package">{item.name}</span>{" "}
              <span className="about__licence">
                {item.version} · {item.license}
              </span>
            </summary>
            {/* Legal text stays in the words it was written in. */}
            {item.notice && <pre lang="en">{item.notice}</pre>}
            {item.text && <pre lang="en">{item.text}</pre>}
            {item.homepage && (
              <a className="about__link" href={item.homepage} target="_blank" rel="noopener noreferrer">
                {item.homepage}
              </a>
            )}
          </details>
        </li>
      ))}
    </ul>
  );
}
