import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { PageHeader } from "./page-header.tsx";

/**
 * Any address the app has no screen for (a mistyped or outdated link). Saying so, with a way
 * home, beats landing somewhere silently: the member learns the link was wrong.
 */
export function NotFoundScreen() {
  return (
    <>
      <PageHeader back="/home/index" title={<Trans>Page not found</Trans>} />
      <main className="empty not-found" data-testid="not-found">
        <p className="not-found__text">
          <Trans>There is no page at this address. The link may be mistyped or out of date.</Trans>
        </p>
        <Link href="/home/index" className="button button--primary" data-testid="not-found-home">
          <Trans>Go to Home</Trans>
        </Link>
      </main>
    </>
  );
}
