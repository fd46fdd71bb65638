import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * Puts the first screen's code in flight with the page itself. Every screen is a chunk of its
 * own, loaded when the app renders it, and each language's catalog likewise: left to the app,
 * a phone asks for them only once the entry has downloaded and run, a round trip or two behind.
 * This step writes a small inline script at the top of `index.html` that reads the address
 * (route and `lang=`) and the stored language before any module runs, and adds a
 * `<link rel="modulepreload">` for the chunks of that route's screen and of that language's
 * catalog (and a style preload for the screen's style sheets), so they download beside the entry.
 * Each hint is `crossorigin`, as Vite's own loader asks for the same files, or the browser would
 * download them twice.
 *
 * The route table comes from the features' own declarations (`<feature>.feature.ts`, each route
 * `"/path": { screen: lazyScreen(() => import("./screen.tsx")` …), read as text: a route this
 * does not recognise simply gets no hints. The server allows the script by its hash
 * (server/src/client.ts), so the page still runs no inline code it did not ship.
 */

/** The redirect the app makes at the root (app/routes.tsx). */
const rootRedirect = "/login/start";

const routePattern = /"(\/[^"]+)":\s*\{\s*screen:\s*lazyScreen\(\(\)\s*=>\s*import\("(\.[^"]+)"\)/g;

/** Each route's screen module, absolute, from the feature declarations under `featuresDir`. */
export function screenModules(featuresDir: string): Map<string, string> {
  const routes = new Map<string, string>();
  for (const entry of readdirSync(featuresDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".feature.ts")) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const [, route, module] of readFileSync(file, "utf8").matchAll(routePattern)) {
      if (route && module) routes.set(route, path.resolve(path.dirname(file), module));
    }
  }
  return routes;
}

/** A chunk's static imports, all the way down, the chunk itself included. */
function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  const chunk = bundle[fileName];
  if (chunk?.type !== "chunk") return into;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

function chunkOf(bundle: OutputBundle, moduleId: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (item): item is OutputChunk => item.type === "chunk" && item.facadeModuleId === moduleId,
  );
}

interface Hints {
  /** Route → files to preload (scripts end in `.js`, style sheets in `.css`). */
  routes: Record<string, string[]>;
  /** The spec's stored language code (`jp`, `en`, `tw`) → its catalog's files. */
  catalogs: Record<string, string[]>;
}

/** What the first screen of each route, and each language, needs beyond what the entry loads. */
function hintsOf(
  bundle: OutputBundle,
  screens: Map<string, string>,
  catalogs: Record<string, string>,
): Hints {
  const entry = Object.values(bundle).find(
    (item): item is OutputChunk => item.type === "chunk" && item.isEntry,
  );
  const loaded = entry ? staticClosure(bundle, entry.fileName) : new Set<string>();
  const needs = (moduleId: string): string[] => {
    const chunk = chunkOf(bundle, moduleId);
    if (!chunk) return [];
    const files = [...staticClosure(bundle, chunk.fileName)].filter((file) => !loaded.has(file));
    const styles = files.flatMap((file) => {
      const item = bundle[file];
      return item?.type === "chunk" ? [...(item.viteMetadata?.importedCss ?? [])] : [];
    });
    return [...files, ...new Set(styles)];
  };
  const routes: Record<string, string[]> = {};
  for (const [route, moduleId] of screens) {
    const files = needs(moduleId);
    if (files.length > 0) routes[route] = files;
  }
  return {
    routes,
    catalogs: Object.fromEntries(Object.entries(catalogs).map(([code, moduleId]) => [code, needs(moduleId)])),
  };
}

/** The hints in a compact form: each file named once, routes and catalogs listing their files' places. */
function compact(hints: Hints): { f: string[]; r: Record<string, number[]>; c: Record<string, number[]> } {
  const files: string[] = [];
  const place = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const places = (list: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(list).map(([key, items]) => [key, items.map(place)]));
  return { r: places(hints.routes), c: places(hints.catalogs), f: files };
}

/**
 * The script: plain ES5 so it runs before anything else. The language is the address's
 * `lang=` (the hash's query first), then the stored choice, then Japanese, as i18n/locale.ts
 * decides; a wrong guess costs one unused download, never a wrong screen.
 */
function script(hints: Hints): string {
  return `(function(){var h=${JSON.stringify(compact(hints))};var r=location.hash.replace(/^#?\\/?/,"/");var q=r.indexOf("?");var p=q<0?r:r.slice(0,q);if(p==="/")p=${JSON.stringify(rootRedirect)};var l=null;try{l=new URLSearchParams(q<0?"":r.slice(q+1)).get("lang")||new URLSearchParams(location.search).get("lang");if(!h.c[l])l=localStorage.getItem("lang")}catch(e){}if(!h.c[l])l="jp";var n=(h.r[p]||[]).concat(h.c[l]);for(var i=0;i<n.length;i++){var f=h.f[n[i]],k=document.createElement("link");if(/\\.css$/.test(f)){k.rel="preload";k.as="style"}else k.rel="modulepreload";k.crossOrigin="";k.href="./"+f;document.head.appendChild(k)}})();`;
}

export function firstScreenPlugin(options: {
  featuresDir: string;
  catalogs: Record<string, string>;
}): Plugin {
  return {
    name: "kabuto-first-screen",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return [];
        const hints = hintsOf(context.bundle, screenModules(options.featuresDir), options.catalogs);
        return [{ tag: "script", children: script(hints), injectTo: "head" }];
      },
    },
  };
}
