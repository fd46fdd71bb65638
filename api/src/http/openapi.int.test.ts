import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ApiDocs } from "./openapi.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Serves `router` at `prefix`, as app.ts mounts the ops router at /ops. */
async function serve(prefix: string, router: express.Router): Promise<string> {
  const app = express();
  app.use(prefix, router);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
}

describe("declaring a route once", () => {
  it("documents the prefixed path and serves the same path, parameters by the names it gives", async () => {
    const docs = new ApiDocs();
    const router = express.Router();
    const route = docs.on(router, "/ops");
    route(
      { method: "get", path: "/things/{id}/parts/{part}", tag: "ops", summary: "A part" },
      (request, response) => {
        response.json(request.params);
      },
    );
    const url = await serve("/ops", router);

    const answer = await fetch(`${url}/things/7/parts/lid`);
    expect(await answer.json()).toEqual({ id: "7", part: "lid" });
    const paths = docs.document("test").paths as Record<string, Record<string, { parameters: unknown[] }>>;
    expect(Object.keys(paths)).toEqual(["/api/v1/ops/things/{id}/parts/{part}"]);
    expect(paths["/api/v1/ops/things/{id}/parts/{part}"]?.get?.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string" } },
      { name: "part", in: "path", required: true, schema: { type: "string" } },
    ]);
  });

  it("runs the middleware given before the handler, in order, and only on its own method", async () => {
    const docs = new ApiDocs();
    const router = express.Router();
    const seen: string[] = [];
    const mark =
      (name: string): RequestHandler =>
      (_request, _response, next) => {
        seen.push(name);
        next();
      };
    docs.on(router)(
      { method: "post", path: "/things", tag: "t", summary: "Add" },
      mark("first"),
      mark("second"),
      (_request, response) => {
        seen.push("handler");
        response.status(201).json({ ok: true });
      },
    );
    const url = await serve("/api", router);

    // A state-changing route takes JSON only: its guard refuses anything else before the middleware.
    expect((await fetch(`${url}/things`, { method: "post" })).status).toBe(415);
    expect(seen).toEqual([]);
    const json = { "content-type": "application/json" };
    expect((await fetch(`${url}/things`, { method: "post", headers: json, body: "{}" })).status).toBe(201);
    expect(seen).toEqual(["first", "second", "handler"]);
    expect((await fetch(`${url}/things`)).status).toBe(404);
    expect(seen).toHaveLength(3);
  });

  it("types a handler's parameters from its path", () => {
    const route = new ApiDocs().on(express.Router());
    route({ method: "get", path: "/things/{id}", tag: "t", summary: "One" }, (request, response) => {
      const id: string = request.params.id;
      // @ts-expect-error The path names no `other` parameter.
      response.json({ id, other: request.params.other });
    });
  });
});
