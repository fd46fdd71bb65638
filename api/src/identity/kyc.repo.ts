import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { firstRow } from "../db/raw-rows.ts";
import { kycApplications, members } from "../db/schema.ts";

export type KycRow = typeof kycApplications.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type Verification = MemberRow["verification"];
type Reader = Pick<Db, "select">;

/** Applications a queue page lists: more than a reviewer's shift clears. */
const queuePageSize = 100;
/** Earlier applications shown beside one under review. */
const historyMax = 20;

/** What a member may apply with: their verification and whether they are frozen. */
export async function applicantState(
  db: Reader,
  memberId: string,
): Promise<Pick<MemberRow, "verification" | "frozen"> | undefined> {
  const [member] = await db
    .select({ verification: members.verification, frozen: members.frozen })
    .from(members)
    .where(eq(members.id, memberId));
  return member;
}

/** The same, with the member row locked: the check an application is written under. */
export async function lockApplicant(
  db: Reader,
  memberId: string,
): Promise<Pick<MemberRow, "verification" | "frozen"> | undefined> {
  const [member] = await db
    .select({ verification: members.verification, frozen: members.frozen })
    .from(members)
    .where(eq(members.id, memberId))
    .for("update");
  return member;
}

export async function memberVerification(db: Reader, memberId: string): Promise<Verification | undefined> {
  const [member] = await db
    .select({ verification: members.verification })
    .from(members)
    .where(eq(members.id, memberId));
  return member?.verification;
}

export async function latestApplication(db: Reader, memberId: string): Promise<KycRow | undefined> {
  const [latest] = await db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.memberId, memberId))
    .orderBy(desc(kycApplications.id))
    .limit(1);
  return latest;
}

export async function insertApplication(
  db: Pick<Db, "insert">,
  application: typeof kycApplications.$inferInsert,
): Promise<KycRow> {
  return firstRow(await db.insert(kycApplications).values(application).returning());
}

/** Applications in one status with their member's account: pending oldest first, decided newest first. */
export async function applicationsIn(
  db: Reader,
  status: KycRow["status"],
): Promise<{ application: KycRow; account: string }[]> {
  return db
    .select({ application: kycApplications, account: members.account })
    .from(kycApplications)
    .innerJoin(members, eq(members.id, kycApplications.memberId))
    .where(eq(kycApplications.status, status))
    .orderBy(status === "pending" ? asc(kycApplications.id) : desc(kycApplications.id))
    .limit(queuePageSize);
}

export async function applicationWithMember(
  db: Reader,
  id: number,
): Promise<{ application: KycRow; member: MemberRow } | undefined> {
  const [found] = await db
    .select({ application: kycApplications, member: members })
    .from(kycApplications)
    .innerJoin(members, eq(members.id, kycApplications.memberId))
    .where(eq(kycApplications.id, id));
  return found;
}

/** The member's other applications, newest first. */
export async function otherApplications(db: Reader, memberId: string, exceptId: number): Promise<KycRow[]> {
  return db
    .select()
    .from(kycApplications)
    .where(and(eq(kycApplications.memberId, memberId), ne(kycApplications.id, exceptId)))
    .orderBy(desc(kycApplications.id))
    .limit(historyMax);
}

export async function lockApplication(db: Reader, id: number): Promise<KycRow | undefined> {
  const [application] = await db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.id, id))
    .for("update");
  return application;
}

/** Locks the applicant for a decision and returns what the decision changes and audits. */
export async function lockReviewedMember(
  db: Reader,
  memberId: string,
): Promise<Pick<MemberRow, "account" | "verification" | "realName" | "realNameKana"> | undefined> {
  const [member] = await db
    .select({
      account: members.account,
      verification: members.verification,
      realName: members.realName,
      realNameKana: members.realNameKana,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .for("update");
  return member;
}

/** Records a decision on an application the transaction has locked. */
export async function decideApplication(
  db: Pick<Db, "update">,
  id: number,
  decision: Pick<KycRow, "status" | "reason" | "reviewedBy" | "reviewedAtMs">,
): Promise<KycRow> {
  return firstRow(
    await db.update(kycApplications).set(decision).where(eq(kycApplications.id, id)).returning(),
  );
}

/** Sets the member's verification, and their real name when a decision gives one. */
export async function setVerification(
  db: Pick<Db, "update">,
  memberId: string,
  change: Pick<MemberRow, "verification"> & Partial<Pick<MemberRow, "realName" | "realNameKana">>,
): Promise<void> {
  await db.update(members).set(change).where(eq(members.id, memberId));
}
