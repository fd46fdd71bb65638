import { queryClient } from "./query-client.ts";

/** However busy the opening screen stays (a read that never settles), nothing waits longer. */
const longestWaitMs = 4000;
/** How often the wait looks again; a handful of looks on a first load, none afterwards. */
const lookEveryMs = 50;
/** The longest wait for the frame after it. */
const hiddenFrameMs = 1000;

let opened: Promise<void> | undefined;
let settled = false;

/** Whether `afterOpeningScreen` has resolved: a screen rendered later need not wait a frame for it. */
export function openingScreenSettled(): boolean {
  return settled;
}

/**
 * Resolves once the screen the app opened on has painted with its first reads: the page has
 * loaded, no read is in flight, no screen still waits for its chunk (`.screen-fallback`), and a
 * frame has painted since. Work that is not part of that screen (the chart's library, the offline
 * copy, the config title, the service worker) waits for it, so that on a phone's slow link the
 * screen's own chunks and reads are not sharing it with downloads nobody is looking at yet.
 * Settled once, it stays settled: later screens do not wait.
 */
export function afterOpeningScreen(): Promise<void> {
  opened ??= new Promise<void>((resolve) => {
    const started = performance.now();
    const look = () => {
      const busy = queryClient.isFetching() > 0 || document.querySelector(".screen-fallback") !== null;
      if (busy && performance.now() - started < longestWaitMs) {
        setTimeout(look, lookEveryMs);
        return;
      }
      const done = () => {
        settled = true;
        resolve();
      };
      requestAnimationFrame(() => setTimeout(done, 0));
      // A page in a background tab paints no frame until it is shown; its work need not wait.
      setTimeout(done, hiddenFrameMs);
    };
    // The first look waits for a frame after the page's load, so the app has rendered its
    // opening screen (its fallback, its reads) by then: a page the service worker serves has
    // loaded before React's first render, and would otherwise look idle.
    // A background tab paints no frame until it is shown: then the first look goes by the clock.
    let looked = false;
    const lookOnce = () => {
      if (looked) return;
      looked = true;
      look();
    };
    const firstLook = () => {
      requestAnimationFrame(() => setTimeout(lookOnce, 0));
      setTimeout(lookOnce, hiddenFrameMs);
    };
    if (document.readyState === "complete") firstLook();
    else window.addEventListener("load", firstLook, { once: true });
  });
  return opened;
}
