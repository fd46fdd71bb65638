import { existsSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import path from "node:path";
import express, { type Express } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";

/** Serves the built client: hashed assets cached for a year, the page itself never cached. */
export function serveClient(app: Express, clientDist: string): boolean {
  const index = path.join(clientDist, "index.html");
  if (!existsSync(index)) return false;
  app.use(
    "/assets",
    express.static(path.join(clientDist, "assets"), { immutable: true, maxAge: "365d", fallthrough: false }),
  );
  app.use(express.static(clientDist, { index: false, maxAge: 0 }));
  app.get("/", (_request, response) => {
    response.setHeader("Cache-Control", "no-cache");
    response.sendFile(index);
  });
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
