// Members registered for a benchmark through the API, as a native wrapper signs in (a bearer
// token), each funded by a deposit journal written straight to the bench's own database: a
// benchmark measures orders, not the cash desk's review.
import { houseAccount, memberAccount, openDatabase, postJournal, transfer } from "@kabuto/api";
import { bearerTransport, sessionResponseSchema, sessionTransportHeader } from "@kabuto/shared/api/auth";
import { ensureDefined } from "@kabuto/shared/market/assert";

/** Ten trillion yen in minor units: no bench runs out. */
const benchDepositMinor = 10n ** 13n;

/** Registers `count` members at `apiBase` (`…/api/v1`) and funds each; returns their bearer tokens. */
export async function registerFundedMembers(
  apiBase: string,
  databaseUrl: string,
  count: number,
): Promise<string[]> {
  const database = await openDatabase({ url: databaseUrl });
  const tokens: string[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const response = await fetch(`${apiBase}/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", [sessionTransportHeader]: bearerTransport },
        body: JSON.stringify({
          account: `070${String(10_000_000 + index)}`,
          password: "bench1234",
          passwordConfirm: "bench1234",
          inviteCode: "KABUTO",
          acceptTerms: true,
        }),
      });
      const body = sessionResponseSchema.parse(await response.json());
      tokens.push(ensureDefined(body.token, "the bench member's bearer token"));
      await fundMember(databaseUrl, body.member.id, database);
    }
  } finally {
    await database.close();
  }
  return tokens;
}

/** A bench deposit to one member (`database`: an open one to reuse). */
export async function fundMember(
  databaseUrl: string,
  memberId: string,
  database?: Awaited<ReturnType<typeof openDatabase>>,
): Promise<void> {
  const open = database ?? (await openDatabase({ url: databaseUrl }));
  try {
    await open.db.transaction((tx) =>
      postJournal(
        tx,
        {
          kind: "deposit",
          memberId,
          ref: "bench",
          memo: null,
          description: null,
          postings: transfer(
            houseAccount("clearing", "JPY"),
            memberAccount(memberId, "available", "JPY"),
            benchDepositMinor,
          ),
        },
        Date.now(),
      ),
    );
  } finally {
    if (!database) await open.close();
  }
}
