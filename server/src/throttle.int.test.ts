import { call, databaseSettings, openTestDatabase, testRedisPrefix } from "@kabuto/api/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * Service mode as the security review attacked it: two API processes on one PostgreSQL and one
 * Redis (DATABASE_URL's and REDIS_URL's, the local ones when unset), installed with the
 * defaults. The composition package gives both the Redis throttle store, so a guess counts the
 * same whichever process it reaches, and neither believes X-Forwarded-For.
 */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const apis: Platform[] = [];
const prefix = testRedisPrefix();
let drop: () => Promise<void>;
/** Sign-in limits of api/src/security/throttle.ts. */
const perAccount = 5;
const perAddress = 30;
/** Wrong sign-ins this file has sent from 127.0.0.1, for the per-address count. */
let failedFromHere = 0;

beforeAll(async () => {
  const database = await openTestDatabase({ server: true });
  drop = database.drop;
  const env = testEnv({
    PORT: "0",
    ...databaseSettings(database),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    SEED_DEMO: "1",
  });
  for (let index = 0; index < 2; index += 1) apis.push(await startPlatform(env, ["api"], 0));
}, 120_000);

afterAll(async () => {
  for (const api of apis.reverse()) await api.close();
  await drop?.();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const signIn = (index: number, account: string, password: string, headers: Record<string, string> = {}) =>
  call(`${apis[index % 2]?.url}/api/v1/auth/login`, "POST", { account, password }, headers);

function tally(answers: { status: number; body: { error?: { code: string } } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const code = answer.status < 300 ? "OK" : (answer.body.error?.code ?? String(answer.status));
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

describe("two API processes on one Redis", () => {
  it("check at most five of sixty guesses sent to both at once; the right one, 46th, is refused", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        signIn(index, "09012345678", index === 45 ? "demo1234" : `guess${index}guess`),
      ),
    );
    const counts = tally(answers);
    failedFromHere += counts.LOGIN_FAILED ?? 0;
    expect(counts.LOGIN_FAILED).toBeLessThanOrEqual(perAccount);
    expect(counts.OK).toBeUndefined();
    expect(answers[45]?.body.error?.code).toBe("LOGIN_THROTTLED");
  });

  it("count one address across both, whatever X-Forwarded-For says", async () => {
    const guesses = perAddress + 10;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, index) =>
        signIn(index, `0806000${String(index).padStart(4, "0")}`, "wrong1234", {
          "x-forwarded-for": `198.18.0.${index + 1}`,
        }),
      ),
    );
    expect(tally(answers)).toEqual({
      LOGIN_FAILED: perAddress - failedFromHere,
      LOGIN_THROTTLED: guesses - (perAddress - failedFromHere),
    });
  });
});
