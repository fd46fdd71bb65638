import { lazy, Suspense, useSyncExternalStore } from "react";
import { isToasterWanted, subscribeToaster, toastDurationMs } from "../lib/notify.ts";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** sonner's toaster, in its own chunk, mounted with the first toast (lib/notify.ts). */
export function AppToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={toastDurationMs} offset={16} />
    </Suspense>
  );
}
