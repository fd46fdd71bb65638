import type { Bus } from "@kabuto/bus";
import type { Feed } from "@kabuto/feed";
import type { GatewayStats } from "@kabuto/gateway";
import type { Express, RequestHandler } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { clusterMetrics } from "./processes.ts";

/**
 * Prometheus metrics for whichever roles run in this process, at `GET /metrics`: process
 * defaults, HTTP latency, the bus, the gateway's sockets and frames, the feed's output.
 */
export interface Metrics {
  registry: Registry;
  httpMiddleware: RequestHandler;
  watchGateway(stats: () => GatewayStats): void;
  /** Records how long after its feed timestamp an update reached this gateway from the bus. */
  observeBusLag(milliseconds: number): void;
  watchFeed(feed: Feed): void;
  mount(app: Express): void;
}

/**
 * `gatewayProcess`: this is one of several gateway processes behind one port (processes.ts).
 * Its series then carry `process` (1 to GATEWAY_PROCESSES), and `/metrics` answers with every
 * process's series, whichever process the scrape reached; `sum without (process)` adds them up.
 */
export function createMetrics(roles: readonly string[], bus: Bus, gatewayProcess?: number): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({
    roles: roles.join(","),
    ...(gatewayProcess === undefined ? {} : { process: String(gatewayProcess) }),
  });
  const collect = gatewayProcess === undefined ? () => registry.metrics() : clusterMetrics(registry);
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "kabuto_http_request_duration_seconds",
    help: "HTTP request duration by method, route and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: "kabuto_bus_up",
    help: "1 when the market-data bus is connected",
    registers: [registry],
    collect() {
      this.set(bus.status() === "up" ? 1 : 0);
    },
  });
  const busLag = roles.includes("gateway")
    ? new Histogram({
        name: "kabuto_gateway_bus_lag_seconds",
        help: "How long after its feed timestamp an update reached the gateway from the bus",
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
        registers: [registry],
      })
    : undefined;
  return {
    registry,
    observeBusLag(milliseconds) {
      // Clocks of two hosts can disagree by a little; a negative lag is none.
      busLag?.observe(Math.max(0, milliseconds) / 1000);
    },
    httpMiddleware(request, response, next) {
      const end = httpDuration.startTimer();
      response.on("finish", () => {
        // The route pattern, not the path: ids must not explode the label space.
        const route = (request.route as { path?: string } | undefined)?.path ?? "unmatched";
        end({
          method: request.method,
          route: `${request.baseUrl}${route}`,
          status: String(response.statusCode),
        });
      });
      next();
    },
    watchGateway(stats) {
      const gauges: [keyof GatewayStats, string][] = [
        ["sockets", "Connected sockets"],
        ["topics", "Topics held by at least one socket (and subscribed on the bus)"],
        ["socketsBehind", "Sockets whose writes backed up and get only the newest state"],
        ["subscriptions", "Topics held, counted per socket"],
      ];
      for (const [key, help] of gauges) {
        new Gauge({
          name: `kabuto_gateway_${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`,
          help,
          registers: [registry],
          collect() {
            this.set(stats()[key]);
          },
        });
      }
      const counters: [keyof GatewayStats, string][] = [
        ["framesSent", "Frames written to sockets"],
        ["bytesSent", "Bytes of the messages written to sockets (WebSocket payloads)"],
        ["updatesIn", "Updates received from the bus"],
        [
          "updatesConflated",
          "Updates a socket skipped because a newer state of the topic came before its next frame",
        ],
        ["socketsDropped", "Sockets disconnected for falling too far behind on account events"],
        ["socketsCaughtUp", "Sockets that fell behind and were caught up with the newest state"],
        ["busResyncs", "Re-reads of every held topic after the bus came back from an outage"],
      ];
      for (const [key, help] of counters) {
        let reported = 0;
        new Counter({
          name: `kabuto_gateway_${key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}_total`,
          help,
          registers: [registry],
          // Read from the gateway's own tallies when scraped.
          collect() {
            const value = stats()[key];
            this.inc(Math.max(0, value - reported));
            reported = value;
          },
        });
      }
    },
    watchFeed(feed) {
      new Gauge({
        name: "kabuto_feed_epoch_start_seconds",
        help: "When the feed's current epoch began",
        registers: [registry],
        collect() {
          this.set(Number.parseInt(feed.epoch.split("-")[0] ?? "0", 36) / 1000);
        },
      });
    },
    mount(app) {
      app.get("/metrics", async (_request, response) => {
        response.setHeader("Content-Type", registry.contentType);
        response.send(await collect());
      });
    },
  };
}
