import { roleAtLeast, type Staff } from "@kabuto/shared/api/ops";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { i18n } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { navigate } from "../../app/hash-location.ts";
import { call } from "../../lib/api.ts";
import { ApiError } from "../../lib/api-error.ts";
import { addErrorMessages, errorMessage } from "../../lib/error-messages.ts";
import { notifyError, notifyInfo } from "../../lib/notify.ts";
import { setStaffIdentity } from "../../lib/query-client.ts";
import { installSignInRedirect } from "../../lib/unauthorized.ts";
import { reconnectSocket } from "../../state/socket.ts";
import { opsErrors } from "./ops.errors.ts";
import { openOpsCatalogs } from "./ops-i18n.ts";
import { OpsLayout } from "./ops-layout.tsx";
import { loadOpsSections, opsHome, opsLogin, opsSections, returnPath, sectionOf } from "./ops-nav.ts";
import { StaffContext, useStaffSession } from "./ops-session.tsx";
import { Loaded } from "./parts.tsx";
import "./ops.css";

// Staff accounts' and settings' error messages come with the console, in its own catalog.
addErrorMessages([opsErrors]);

/** The sign-in screen; every other screen comes with its section (ops-nav.ts), each its own chunk. */
const LoginScreen = lazy(() => import("./login-screen.tsx").then((m) => ({ default: m.OpsLoginScreen })));

type SessionState =
  | { status: "loading" }
  | { status: "error"; error: unknown }
  | { status: "signed-out" }
  | { status: "signed-in"; staff: Staff };

/** A 401 (no staff session) or a 403 (a member's session, not a staff one) means: sign in as staff. */
function needsSignIn(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The console path being shown, with its query, to come back to after signing in. */
function currentConsolePath(): string {
  return location.hash.replace(/^#/, "") || opsHome;
}

/** Marks the page as the console while it is open: the stylesheet lays the page out for desks too. */
function useConsoleRoot(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.console = "ops";
    return () => {
      delete root.dataset.console;
    };
  }, []);
}

/**
 * `#/ops/...`: the operations console. Staff sign in here, apart from members; every other
 * screen needs a staff session, and shows only what the staff member's role may do.
 */
export function OpsConsole() {
  useConsoleRoot();
  const [catalogsReady, setCatalogsReady] = useState(false);
  const [session, setSession] = useState<SessionState>({ status: "loading" });
  const [path] = useLocation();
  // Whether this visit has had a staff session that a 401 could have ended (read by the handler below).
  const hadSession = useRef(false);
  useEffect(() => {
    if (session.status === "signed-in") hadSession.current = true;
  }, [session.status]);

  useEffect(() => {
    // Without its catalog the console still works, in the source language; its sections come
    // with it, each product's from the product's own folder.
    void Promise.all([openOpsCatalogs().catch(() => undefined), loadOpsSections()]).then(() =>
      setCatalogsReady(true),
    );
  }, []);

  const loadStaff = useCallback(() => {
    setSession({ status: "loading" });
    // Asked of an endpoint that answers "not signed in" as a 200: a guarded one's 401 or 403
    // would be logged in the browser's console as a failed request on every first visit.
    call(opsApi.session).then(
      ({ staff }) => setSession(staff ? { status: "signed-in", staff } : { status: "signed-out" }),
      (error: unknown) =>
        setSession(needsSignIn(error) ? { status: "signed-out" } : { status: "error", error }),
    );
  }, []);
  useEffect(loadStaff, [loadStaff]);

  useEffect(() => {
    installSignInRedirect({
      realm: "staff",
      signInPath: opsLogin,
      // "Sign in again" is for a session that ended; the first look for one (`/ops/me` on a first
      // visit) finds none, and the sign-in screen alone says what to do.
      notify: (code) => {
        if (hadSession.current) notifyInfo(errorMessage(i18n, code));
      },
      beginRedirect: () => {
        const next = currentConsolePath();
        return () => {
          setSession({ status: "signed-out" });
          navigate(`${opsLogin}?next=${encodeURIComponent(next)}`, { replace: true });
        };
      },
    });
  }, []);

  const signOut = useCallback(() => {
    call(opsApi.logout).then(
      () => {
        setSession({ status: "signed-out" });
        // The gateway granted the staff topic by the session this socket began with.
        reconnectSocket();
        navigate(opsLogin, { replace: true });
      },
      (error: unknown) => notifyError(error),
    );
  }, []);

  if (!catalogsReady) return <div className="screen-fallback" aria-busy="true" />;
  if (path === opsLogin) {
    return (
      <Suspense fallback={<div className="screen-fallback" aria-busy="true" />}>
        <LoginRoute onSignedIn={(staff) => setSession({ status: "signed-in", staff })} />
      </Suspense>
    );
  }
  if (session.status === "signed-out") {
    return <Redirect to={`${opsLogin}?next=${encodeURIComponent(currentConsolePath())}`} replace />;
  }
  if (session.status !== "signed-in") {
    return (
      <div className="ops-boot">
        <Loaded state={session} retry={loadStaff}>
          {() => null}
        </Loaded>
      </div>
    );
  }
  // Before any screen reads: one staff member's answers are never shown to the next.
  setStaffIdentity(session.staff.id);
  return (
    <StaffContext value={{ staff: session.staff, signOut }}>
      <OpsLayout>
        <Suspense fallback={<div className="ops-loading" aria-busy="true" />}>
          <ConsoleRoutes />
        </Suspense>
      </OpsLayout>
    </StaffContext>
  );
}

function LoginRoute({ onSignedIn }: { onSignedIn: (staff: Staff) => void }) {
  const search = useSearch();
  const next = returnPath(new URLSearchParams(search).get("next"));
  return (
    <LoginScreen
      onSignedIn={(staff) => {
        onSignedIn(staff);
        // A socket opened before this sign-in carries no staff session: start one that does.
        reconnectSocket();
        navigate(next, { replace: true });
      }}
    />
  );
}

/** The console's screens; a section the role may not open says so instead (the server refuses it too). */
function ConsoleRoutes(): ReactNode {
  const { staff } = useStaffSession();
  const [path] = useLocation();
  const section = sectionOf(path);
  if (section && !roleAtLeast(staff.role, section.role)) return <NotPermitted />;
  return (
    <Switch>
      {opsSections.flatMap((each) => [
        <Route key={each.area} path={each.path} component={each.list} />,
        each.detail && (
          <Route key={`${each.area}:id`} path={`${each.path}/:id`}>
            {(params) => each.detail && <each.detail id={params.id} />}
          </Route>
        ),
      ])}
      <Route>
        <Redirect to={opsHome} replace />
      </Route>
    </Switch>
  );
}

function NotPermitted() {
  return (
    <div className="ops-empty" role="alert">
      <Trans>Your role cannot open this page.</Trans>
    </div>
  );
}
