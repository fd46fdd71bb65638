import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** One bundled package, as the about screen lists it (`licences.json`). */
export interface BundledLicence {
  name: string;
  version: string;
  license: string;
  homepage: string | null;
  text: string | null;
  notice: string | null;
}

const nodeModules = "/node_modules/";

/**
 * The folder of the npm package a bundled module comes from, by its path: the segment after the
 * last `node_modules/` (two for a scoped name). Going by the path rather than the nearest
 * package.json matters: socket.io-client and engine.io-client ship `build/esm/package.json`
 * files with a name and no licence, which rollup-plugin-license took for the package and then
 * refused as unlicensed. Our own workspace packages resolve outside node_modules and are left out.
 */
export function packageRoot(moduleId: string): string | undefined {
  const path = moduleId.replace(/^\0/, "").split("?")[0]?.replaceAll("\\", "/") ?? "";
  const at = path.lastIndexOf(nodeModules);
  if (at < 0) return undefined;
  const rest = path.slice(at + nodeModules.length).split("/");
  const depth = rest[0]?.startsWith("@") ? 2 : 1;
  if (rest.length <= depth) return undefined;
  return path.slice(0, at + nodeModules.length) + rest.slice(0, depth).join("/");
}

function readFirst(dir: string, pattern: RegExp): string | null {
  const file = readdirSync(dir).find((name) => pattern.test(name));
  return file ? readFileSync(join(dir, file), "utf8") : null;
}

function licenceOf(root: string): BundledLicence {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    name?: string;
    version?: string;
    license?: string | { type?: string };
    homepage?: string;
  };
  const license = typeof pkg.license === "string" ? pkg.license : (pkg.license?.type ?? "");
  return {
    name: pkg.name ?? root,
    version: pkg.version ?? "",
    license,
    homepage: pkg.homepage ?? null,
    text: readFirst(root, /^(licen[cs]e|copying)(\.|$)/i),
    notice: readFirst(root, /^notice(\.|$)/i),
  };
}

/**
 * Writes `licences.json` beside the built page: every npm package with code in the bundle, its
 * version, its SPDX licence and the licence and notice texts it ships, so the about screen lists
 * exactly what each build contains. A bundled package that names no licence fails the build.
 */
export function licencesPlugin(): Plugin {
  return {
    name: "kabuto-licences",
    apply: "build",
    generateBundle(_options, bundle) {
      const roots = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of Object.keys(output.modules)) {
          const root = packageRoot(id);
          if (root) roots.add(root);
        }
      }
      const licences = [...roots].map(licenceOf).sort((a, b) => a.name.localeCompare(b.name));
      const unlicensed = licences.filter((item) => !item.license).map((item) => item.name);
      if (unlicensed.length > 0) this.error(`bundled packages name no licence: ${unlicensed.join(", ")}`);
      this.emitFile({ type: "asset", fileName: "licences.json", source: JSON.stringify(licences) });
    },
  };
}
