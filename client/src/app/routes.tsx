import { Activity, lazy, Suspense, useLayoutEffect, useRef, useState } from "react";
import { Redirect, useLocation } from "wouter";
import type { RouteDef } from "./feature.ts";
import { features } from "./features.ts";
import { TabBar } from "./tab-bar.tsx";

/** The screen of a path no feature answers. */
const NotFound = lazy(() => import("./not-found-screen.tsx").then((m) => ({ default: m.NotFoundScreen })));

/** Every feature's routes (spec section 2), each screen its own chunk, loaded when first visited. */
const routes: Readonly<Record<string, RouteDef>> = Object.assign({}, ...features.map((each) => each.routes));

/** The operations console: staff only, a router and a catalog of its own, no member tab bar. */
const OpsConsole = lazy(() =>
  import("../features/ops/ops-console.tsx").then((m) => ({ default: m.OpsConsole })),
);

function isOpsPath(path: string): boolean {
  return path === "/ops" || path.startsWith("/ops/");
}

/** The root leads to the welcome screen. */
const redirects: Record<string, string> = {
  "/": "/login/start",
};

/**
 * Asks for the chunk of the screen at `path` (after its redirect), and its main read, before the
 * app renders it: at start-up this runs beside the language's load, so a phone fetches them
 * together rather than one after the other. The reads go once `canRead` has settled (wrapped,
 * the kept token is read first: a member's read without it would end the session).
 */
export function preloadScreen(path: string, query: URLSearchParams, canRead: Promise<unknown>): void {
  if (isOpsPath(path)) return;
  const route = routes[redirects[path] ?? path];
  route?.screen.preload().catch(() => undefined);
  void canRead.then(() => route?.prefetch?.(query));
}

function ScreenFallback() {
  return <div className="screen-fallback" aria-busy="true" />;
}

/** Remembers each kept-alive screen's scroll position and starts every other screen at the top. */
function useScrollMemory(path: string, keepAlive: boolean): void {
  const positions = useRef(new Map<string, number>());
  const previous = useRef(path);
  useLayoutEffect(() => {
    const left = previous.current;
    if (left === path) return;
    positions.current.set(left, window.scrollY);
    previous.current = path;
    window.scrollTo(0, keepAlive ? (positions.current.get(path) ?? 0) : 0);
  }, [path, keepAlive]);
}

export function AppRoutes() {
  const [path] = useLocation();
  const route = routes[path];
  const [kept, setKept] = useState<string[]>([]);
  if (route?.keepAlive && !kept.includes(path)) setKept([...kept, path]);
  useScrollMemory(path, route?.keepAlive ?? false);

  if (isOpsPath(path)) {
    return (
      <Suspense fallback={<ScreenFallback />}>
        <OpsConsole />
      </Suspense>
    );
  }

  const redirect = redirects[path];
  if (redirect) return <Redirect to={redirect} replace />;

  return (
    <div className={route?.tab ? "app-column app-column--tabs" : "app-column"}>
      {kept.map((keptPath) => {
        const Screen = routes[keptPath]?.screen;
        if (!Screen) return null;
        return (
          <Activity key={keptPath} mode={keptPath === path ? "visible" : "hidden"}>
            <Suspense fallback={<ScreenFallback />}>
              <Screen />
            </Suspense>
          </Activity>
        );
      })}
      {route && !route.keepAlive && (
        <Suspense key={path} fallback={<ScreenFallback />}>
          <route.screen />
        </Suspense>
      )}
      {!route && (
        <Suspense key={path} fallback={<ScreenFallback />}>
          <NotFound />
        </Suspense>
      )}
      {route?.tab && <TabBar />}
    </div>
  );
}
