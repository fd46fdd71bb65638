import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { AuthService } from "./auth/auth.service.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import { AppError } from "./errors.ts";
import { DepositsService } from "./funding/deposits.service.ts";
import { parseFundHours } from "./funding/fund-hours.ts";
import { KycService } from "./identity/kyc.service.ts";
import { DeviceTokens } from "./kernel/devices.ts";
import type { StaffMember } from "./kernel/staff-sessions.ts";
import { InvitationsService } from "./rewards/invitations.service.ts";
import { parseRewardTerms } from "./rewards/rewards.service.ts";
import { MemoryThrottleStore } from "./security/throttle.ts";
import { UploadStore } from "./uploads/upload-store.ts";

/** A person of the demo data: who registers, and the name their identity check verifies. */
export interface DemoPerson {
  account: string;
  password: string;
  name: string;
  nameKana: string;
  /** The invitation code they registered with; none for someone nobody invited. */
  inviteCode?: string;
}

export interface DemoMemberDeps {
  db: Db;
  config: Pick<
    Config,
    "uploadDir" | "CHECKIN_TERMS" | "REWARD_YEAR_MAX_JPY" | "REWARD_HOLD_DAYS" | "INVITE_REWARD_JPY"
  >;
  /** Who approves the identity check and the deposits: the demo admin. */
  admin: StaffMember;
  /** The yen deposit channel the money comes in through. */
  channel: { id: string; max: string };
}

/** When each step happens: registration and the identity check, then the money. */
export interface DemoMemberTimes {
  registeredAtMs: number;
  /** Not before `registeredAtMs`: an invitation reward, paid with the first deposit, never predates its invitee. */
  fundedAtMs: number;
}

/**
 * A demo member made the way a real one is, through the services members and staff use:
 * registered, verified from two ID photos the demo admin approves, and funded with `yen` by
 * deposits the demo admin approves (in as many as the channel's maximum asks). An invitation
 * reward, if they were invited, is paid by the same hook as anyone's. Each step is stamped with
 * its own time, so their records read in order. Returns the new member's id, or undefined when
 * the account exists already (another process seeded it first). The cash desk's hours do not
 * apply: the demo starts at any hour.
 */
export async function seedFundedMember(
  deps: DemoMemberDeps,
  person: DemoPerson,
  times: DemoMemberTimes,
  yen: number,
): Promise<string | undefined> {
  if (times.fundedAtMs < times.registeredAtMs)
    throw new Error("a demo member is funded before they registered");
  const { db, config, admin, channel } = deps;
  const uploads = new UploadStore(config.uploadDir);
  const invitations = new InvitationsService({ db, terms: parseRewardTerms(config) });
  const registration = { nowMs: times.registeredAtMs, ip: "" };
  const auth = new AuthService({
    db,
    throttle: new MemoryThrottleStore(),
    sms: { send: async () => undefined },
    // The seed's registrations hand device tokens to no device: a key of its own, then forgotten.
    devices: new DeviceTokens(randomBytes(32).toString("base64url")),
    logger: { warn: () => undefined },
    inviteRequired: person.inviteCode !== undefined,
    // Every demo member registers from the same (empty) address.
    registrationsPerAddress: 100,
  });
  let memberId: string;
  try {
    const registered = await auth.register(
      {
        account: person.account,
        password: person.password,
        passwordConfirm: person.password,
        inviteCode: person.inviteCode,
        acceptTerms: true,
      },
      registration,
    );
    memberId = registered.member.id;
  } catch (error) {
    if (error instanceof AppError && error.code === "ACCOUNT_EXISTS") return undefined;
    throw error;
  }

  const kyc = new KycService({ db, uploads, invitations });
  const applied = await kyc.submit(
    memberId,
    {
      documentType: "driving_licence",
      name: person.name,
      nameKana: person.nameKana,
      idNumber: "123456789012",
    },
    {
      front: await photo("front.jpg", { r: 90, g: 140, b: 200 }),
      back: await photo("back.jpg", { r: 200, g: 200, b: 210 }),
    },
    times.registeredAtMs,
  );
  // No idempotency key was given, so there is nothing to replay: the answer is this run's.
  const applicationId = applied.replayed ? undefined : applied.value.application?.id;
  if (!applicationId) throw new Error(`the verification of demo member ${person.account} was not recorded`);
  await kyc.review(applicationId, { decision: "approve" }, admin, registration);

  const deposits = new DepositsService({
    db,
    uploads,
    now: () => times.fundedAtMs,
    events: () => undefined,
    fundHours: parseFundHours("always"),
    invitations,
  });
  for (let left = yen; left > 0; left -= Number(channel.max)) {
    const amount = String(Math.min(left, Number(channel.max)));
    const deposit = await deposits.submit(
      memberId,
      { channelId: channel.id, amount },
      await photo("receipt.jpg", { r: 240, g: 240, b: 230 }),
    );
    if (deposit.replayed) throw new Error(`the deposit of demo member ${person.account} was not recorded`);
    await deposits.review(deposit.value.id, { decision: "approve" }, admin, {
      nowMs: times.fundedAtMs,
      ip: "",
    });
  }
  return memberId;
}

/**
 * The plain images already encoded, by name: a crowd of demo members uploads the same three, and
 * encoding each again would cost the first start more than the uploads themselves.
 */
const photos = new Map<string, Promise<Buffer>>();

/** A plain image as an uploaded photo: the demo's ID photos and receipts. */
async function photo(name: string, background: { r: number; g: number; b: number }) {
  let encoded = photos.get(name);
  if (!encoded) {
    encoded = sharp({ create: { width: 320, height: 200, channels: 3, background } })
      .jpeg()
      .toBuffer();
    photos.set(name, encoded);
  }
  const buffer = await encoded;
  return { buffer, size: buffer.length, originalname: name, mimetype: "image/jpeg" } as Express.Multer.File;
}
