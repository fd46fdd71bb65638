import { availableParallelism } from "node:os";
import path from "node:path";
import { type Config as ApiConfig, loadApiConfig } from "@kabuto/api";
import { type FeedConfig, loadFeedConfig } from "@kabuto/feed";
import { type GatewayConfig, loadGatewayConfig } from "@kabuto/gateway";
import { parseSettings } from "@kabuto/shared/settings";
import { z } from "zod";

/** The roles a process can play; embedded mode plays all of them in one process. */
export const roles = ["api", "worker", "feed", "gateway", "client"] as const;
export type Role = (typeof roles)[number];

const processSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** PostgreSQL in service mode; absent, the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * The owner of the tables, which runs the migrations; DATABASE_URL is then the app role
   * (`kabuto_app`), which cannot change the ledger or switch off its guards. Unset, the
   * migrations run on DATABASE_URL. Only processes that migrate (api, worker, feed) read it.
   */
  DATABASE_MIGRATION_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * The most a statement, a new connection or a wait for a free one may take on PostgreSQL
   * before the request is answered 503 UNAVAILABLE and the connection is dropped: what a
   * network that silently drops packets costs a member, instead of the kernel's quarter of an
   * hour. Five seconds is far longer than the product's statements take (milliseconds) or a
   * worker pass holds a member's rows, so only a server or a network that has gone silent meets
   * it; a request's worst case is about twice it (a wait for a connection, then a statement).
   * 0 turns the bound off. The feed process is never bounded: its history batches may be long.
   */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  DATA_DIR: z.string().default("./.data"),
  /** Redis in service mode; absent, the bus is in-process (embedded mode only). */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every Redis key and channel, so tests and deployments can share one Redis. */
  REDIS_PREFIX: z.string().min(1).default("kabuto:"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

const clientSchema = z.object({
  /** Where the client role (service mode) sends /api and /socket.io. */
  API_URL: z.url().default("http://127.0.0.1:3001"),
  GATEWAY_URL: z.url().default("http://127.0.0.1:3002"),
  /** The built client; default `client/dist` of this repository. */
  CLIENT_DIST: z.string().optional(),
  /** In production the page is served over TLS: HSTS and upgrade-insecure-requests are sent. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

const gatewayProcessesSchema = z.object({
  /**
   * How many gateway processes share the gateway role's port; `auto` is one per core this
   * machine offers. Each is a whole gateway on the bus (see processes.ts).
   */
  GATEWAY_PROCESSES: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(1024)]).default(1),
});

/** How many processes `npm run start:gateway` runs behind its port (GATEWAY_PROCESSES). */
export function loadGatewayProcesses(env: Record<string, string | undefined> = process.env): number {
  const { GATEWAY_PROCESSES: count } = parseSettings(gatewayProcessesSchema, env);
  return count === "auto" ? availableParallelism() : count;
}

export type ProcessConfig = z.infer<typeof processSchema>;
export interface ClientConfig {
  apiUrl: string;
  gatewayUrl: string;
  dist: string;
  /** Served over TLS (NODE_ENV=production): the page's headers pin HTTPS. */
  production: boolean;
}

/**
 * A process's settings: its own (port, database, Redis, logging) and those of each library
 * whose role it plays, each parsed by that library's own schema. A gateway or a client process
 * never parses the API's settings, so a setting it does not use cannot stop it.
 */
export interface PlatformConfig {
  process: ProcessConfig;
  /** The API's settings: the api and worker roles. */
  api?: ApiConfig;
  feed?: FeedConfig;
  /** Which pages may open a socket: the gateway role. */
  gateway?: GatewayConfig;
  client?: ClientConfig;
}

export function loadPlatformConfig(
  playing: readonly Role[],
  env: Record<string, string | undefined> = process.env,
): PlatformConfig {
  const has = (role: Role) => playing.includes(role);
  const config: PlatformConfig = { process: parseSettings(processSchema, env) };
  if (has("api") || has("worker")) config.api = loadApiConfig(env);
  if (has("feed")) config.feed = loadFeedConfig(env);
  if (has("gateway")) config.gateway = loadGatewayConfig(env);
  if (has("client")) {
    const client = parseSettings(clientSchema, env);
    config.client = {
      apiUrl: client.API_URL,
      gatewayUrl: client.GATEWAY_URL,
      dist: client.CLIENT_DIST ?? path.resolve(import.meta.dirname, "../../client/dist"),
      production: client.NODE_ENV === "production",
    };
  }
  return config;
}
