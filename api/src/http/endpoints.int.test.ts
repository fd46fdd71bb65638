import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { endpoint } from "@kabuto/shared/endpoint";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorHandler } from "./errors.ts";
import { ApiDocs } from "./openapi.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const partSchema = z.object({ id: z.string(), part: z.string(), size: z.number(), note: z.string() });
const thingsApi = {
  part: endpoint({
    method: "post",
    path: "/things/{id}/parts/{part}",
    tag: "things",
    summary: "A part, made",
    caller: "anyone",
    status: 201,
    query: z.object({ size: z.coerce.number().int().positive({ error: "AMOUNT_INVALID" }) }),
    body: z.object({ note: z.string().max(5, { error: "TOO_LONG" }) }),
    response: partSchema,
    errors: ["AMOUNT_INVALID"],
  }),
  stray: endpoint({
    method: "get",
    path: "/stray",
    tag: "things",
    summary: "Answers what it did not declare",
    caller: "anyone",
    response: partSchema,
  }),
  mine: endpoint({
    method: "get",
    path: "/mine",
    tag: "things",
    summary: "Only for a member",
    caller: "member",
    response: z.object({ id: z.string() }),
  }),
  queue: endpoint({
    method: "get",
    path: "/ops/queue",
    tag: "ops",
    summary: "Only for staff",
    caller: "supervisor",
  }),
};

async function start(docs: ApiDocs): Promise<string> {
  const router = express.Router();
  router.use(express.json());
  const ops = express.Router();
  const serve = docs.serve({ router, ops });
  serve(thingsApi.part, async ({ params, query, body }) => ({
    ...params,
    size: query.size,
    note: body.note,
  }));
  // A handler whose answer strays from its declaration: the type says so, and so does the check.
  serve(thingsApi.stray, async () => ({ id: "1" }) as unknown as z.input<typeof partSchema>);
  serve(thingsApi.mine, async ({ member }) => ({ id: member.id }));
  serve(thingsApi.queue, async () => undefined);
  router.use("/ops", ops);
  router.use(errorHandler(pino({ level: "silent" })));
  const app = express();
  app.use("/api/v1", router);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

const json = { "content-type": "application/json" };

/** The error an answer carries. */
async function errorOf(answer: Response): Promise<{ code: string; details?: unknown }> {
  return ((await answer.json()) as { error: { code: string; details?: unknown } }).error;
}

describe("an endpoint declared once", () => {
  it("hands the handler the parsed parameters, query and body, and answers with the declared status", async () => {
    const url = await start(new ApiDocs({ checkAnswers: true }));
    const answer = await fetch(`${url}/things/a%2Fb/parts/lid?size=3`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ note: "hi" }),
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ id: "a/b", part: "lid", size: 3, note: "hi" });
  });

  it("refuses a bad query or body with each field's code, before the handler runs", async () => {
    const url = await start(new ApiDocs({ checkAnswers: true }));
    const badQuery = await fetch(`${url}/things/a/parts/lid?size=-1`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ note: "hi" }),
    });
    expect(badQuery.status).toBe(400);
    expect(await errorOf(badQuery)).toMatchObject({ code: "AMOUNT_INVALID" });
    const badBody = await fetch(`${url}/things/a/parts/lid?size=1`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ note: "too long" }),
    });
    expect(badBody.status).toBe(400);
    expect(await errorOf(badBody)).toMatchObject({ details: { fields: { note: "TOO_LONG" } } });
  });

  it("refuses a caller the declaration does not admit", async () => {
    const url = await start(new ApiDocs({ checkAnswers: true }));
    const mine = await fetch(`${url}/mine`);
    expect(mine.status).toBe(401);
    expect((await errorOf(mine)).code).toBe("UNAUTHENTICATED");
    const queue = await fetch(`${url}/ops/queue`);
    expect(queue.status).toBe(401);
    expect((await errorOf(queue)).code).toBe("STAFF_UNAUTHENTICATED");
  });

  it("fails an answer that strays from its declaration where answers are checked, and only there", async () => {
    const checked = await fetch(`${await start(new ApiDocs({ checkAnswers: true }))}/stray`);
    expect(checked.status).toBe(500);
    const unchecked = await fetch(`${await start(new ApiDocs())}/stray`);
    expect(unchecked.status).toBe(200);
  });

  it("documents each endpoint under its full path with its own refusals and the caller's", async () => {
    const docs = new ApiDocs();
    await start(docs);
    const paths = docs.document("test").paths as Record<
      string,
      Record<string, { responses: Record<string, { description: string }> }>
    >;
    expect(Object.keys(paths).sort()).toEqual([
      "/api/v1/mine",
      "/api/v1/ops/queue",
      "/api/v1/stray",
      "/api/v1/things/{id}/parts/{part}",
    ]);
    expect(paths["/api/v1/mine"]?.get?.responses["401"]?.description).toBe("UNAUTHENTICATED");
    expect(paths["/api/v1/ops/queue"]?.get?.responses["403"]?.description).toContain("FORBIDDEN");
    expect(paths["/api/v1/things/{id}/parts/{part}"]?.post?.responses["400"]?.description).toContain(
      "AMOUNT_INVALID",
    );
  });
});
