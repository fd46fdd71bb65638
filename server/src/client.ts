import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { Server as HttpServer, IncomingMessage } from "node:http";
import path from "node:path";
import { permissionsPolicy } from "@kabuto/api";
import type { Express, RequestHandler, Response } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { createProxyMiddleware } from "http-proxy-middleware";

/** A year: the HSTS lifetime browsers' preload lists ask for. */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * The page's own host for the socket: `'self'` covers ws: and wss: to the same host in current
 * browsers, but older WebKit reads it as http(s) only, so the socket's URLs are named too.
 */
function socketSources(request: IncomingMessage): string[] {
  const host = request.headers.host;
  return host && /^[\w.:[\]-]+$/.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

/**
 * Headers of the page and its assets. The built client is scripts and style sheets from its
 * own origin, and one inline script of the build's own (the first screen's preload hints,
 * client/build/first-screen-plugin.ts), so the CSP allows exactly that: scripts from 'self' and,
 * inline, only the page's own by their hashes (`inlineScriptHashes`); the API and the socket on
 * the same host, images from the same origin (uploads), `data:` (the inline favicon) and `blob:`
 * (a photo's preview before upload).
 * Styles also allow 'unsafe-inline': the toast library and the chart's attribution insert
 * <style> elements at run time, whose text changes with each release, so a hash would break on
 * every upgrade. Inline style runs no code, and React escapes what members write, so nothing of
 * theirs becomes markup; scripts, where injection is code execution, allow nothing inline.
 * No frame may embed the app. HSTS and upgrade-insecure-requests only under TLS
 * (production): over plain HTTP on a developer's machine they would break every request.
 */
export function clientHeaders(options: { production: boolean; scriptHashes?: string[] }): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", ...(options.scriptHashes ?? [])],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:"],
          "font-src": ["'self'"],
          "connect-src": ["'self'", (request) => socketSources(request).join(" ")],
          "worker-src": ["'self'"],
          "manifest-src": ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'none'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          ...(options.production ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: options.production
        ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: "same-origin" },
    }),
    (_request, response, next) => {
      response.setHeader("Permissions-Policy", permissionsPolicy);
      next();
    },
  ];
}

/** A built script or style sheet (`/assets/<name>-<hash>.js|css`). */
function isCodeAsset(requestPath: string): boolean {
  return /^\/assets\/[^/]+\.(?:js|css)$/.test(requestPath);
}

/**
 * The headers that mean something on a script or a style sheet the page loads: no sniffing, no
 * other site's page may load it, the referrer of what a style sheet asks for, and HSTS as on the
 * page. The page's other headers (its CSP, permissions, framing, opener) govern documents and
 * workers, and a browser ignores them on a module or a style sheet; there they were some 650
 * bytes on each of a screen's 40-odd files, about a tenth of what a phone downloaded to open Home.
 * The service worker (`sw.js`) is not under /assets and keeps the page's headers, CSP included.
 */
function codeAssetHeaders(response: Response, options: { production: boolean }): void {
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  response.setHeader("Referrer-Policy", "same-origin");
  if (options.production)
    response.setHeader("Strict-Transport-Security", `max-age=${hstsMaxAgeSeconds}; includeSubDomains`);
}

/** A year, the longest lifetime browsers keep: a hashed asset's name changes with its content. */
const hashedAssetMaxAge = "365d";

/**
 * Picks the build's own `.br` or `.gz` beside a file by the request's `Accept-Encoding` (brotli
 * first: it is the smaller), with `Content-Encoding`, the file's own `Content-Type` and
 * `Vary: Accept-Encoding`; a client that accepts neither gets the file itself. express-static-gzip
 * rather than serve-static alone (which never looks for a compressed copy) or the `compression`
 * middleware (which would compress the same bytes on every request, at a level cheap enough to do
 * so): it serves what the build compressed once at brotli's highest level, through serve-static,
 * so ETags, ranges and conditional requests behave as for any static file. It lists the folder's
 * compressed copies once, at start: the server starts after the build.
 */
function precompressed(
  root: string,
  options: NonNullable<expressStaticGzip.ExpressStaticGzipOptions["serveStatic"]> & { index: string | false },
): RequestHandler {
  const { index, ...serveStatic } = options;
  return expressStaticGzip(root, { enableBrotli: true, orderPreference: ["br", "gzip"], index, serveStatic });
}

/**
 * Serves the built client, compressed where the build left compressed copies. Hashed assets
 * (`/assets/<name>-<hash>.<ext>`) are cached for a year and never revalidated: a new build names
 * new files. Everything else (the page, the service worker, the web manifests, the icons) keeps
 * its name across builds, so a browser revalidates it on every use (`no-cache`, answered 304
 * while its ETag holds) and an update reaches the member on the next load.
 */
/**
 * The CSP sources of a page's inline scripts (`'sha256-…'`), read from the page the build wrote:
 * the server allows what this build put there and nothing a later change to the page could add.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = ""]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
  );
}

export function serveClient(app: Express, clientDist: string, options: { production: boolean }): boolean {
  const index = path.join(clientDist, "index.html");
  if (!existsSync(index)) return false;
  const pageHeaders = clientHeaders({
    ...options,
    scriptHashes: inlineScriptHashes(readFileSync(index, "utf8")),
  });
  app.use((request, response, next) => {
    if (isCodeAsset(request.path)) codeAssetHeaders(response, options);
    next();
  });
  app.use(
    pageHeaders.map<RequestHandler>(
      (handler) => (request, response, next) =>
        isCodeAsset(request.path) ? next() : handler(request, response, next),
    ),
  );
  app.use(
    "/assets",
    precompressed(path.join(clientDist, "assets"), {
      index: false,
      immutable: true,
      maxAge: hashedAssetMaxAge,
      fallthrough: false,
    }),
  );
  app.use(
    precompressed(clientDist, {
      index: "index.html",
      cacheControl: false,
      setHeaders: (response) => response.setHeader("Cache-Control", "no-cache"),
    }),
  );
  return true;
}

/** The client role without the API in-process: `/api` goes to the API's address. */
export function proxyApi(app: Express, apiUrl: string): void {
  app.use("/api", createProxyMiddleware({ target: `${apiUrl}/api`, changeOrigin: false, xfwd: true }));
}

/** The client role without a gateway in-process: `/socket.io`, upgrades included, goes to the gateway. */
export function proxySockets(app: Express, server: HttpServer, gatewayUrl: string): void {
  const socketProxy = createProxyMiddleware({ target: gatewayUrl, ws: true, pathFilter: "/socket.io" });
  app.use(socketProxy);
  server.on("upgrade", socketProxy.upgrade);
}
