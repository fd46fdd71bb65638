import type {
  KycApplication,
  KycReviewDetail,
  KycReviewItem,
  KycStatus,
  kycSubmitSchema,
} from "@kabuto/shared/api/identity";
import type { ReviewDecision } from "@kabuto/shared/api/ops";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import type { InvitationsService } from "../rewards/invitations.service.ts";
import type { UploadStore } from "../uploads/upload-store.ts";
import {
  applicantState,
  applicationsIn,
  applicationWithMember,
  decideApplication,
  insertApplication,
  type KycRow,
  latestApplication,
  lockApplicant,
  lockApplication,
  lockReviewedMember,
  memberVerification,
  otherApplications,
  setVerification,
  type Verification,
} from "./kyc.repo.ts";
import { maskTail } from "./rules.ts";

function toKycApplication(row: KycRow): KycApplication {
  return {
    id: String(row.id),
    documentType: row.documentType,
    name: row.name,
    nameKana: row.nameKana,
    idNumberMasked: maskTail(row.idNumber),
    status: row.status,
    reason: row.reason,
    frontUploadId: row.frontUploadId,
    backUploadId: row.backUploadId,
    createdAtMs: row.createdAtMs,
    reviewedAtMs: row.reviewedAtMs,
  };
}

function toReviewItem(row: KycRow, memberAccount: string): KycReviewItem {
  return {
    id: String(row.id),
    memberId: row.memberId,
    memberAccount,
    documentType: row.documentType,
    name: row.name,
    nameKana: row.nameKana,
    idNumber: row.idNumber,
    status: row.status,
    reason: row.reason,
    frontUploadId: row.frontUploadId,
    backUploadId: row.backUploadId,
    reviewedBy: row.reviewedBy,
    reviewedAtMs: row.reviewedAtMs,
    createdAtMs: row.createdAtMs,
  };
}

/** Why a member may not send an application now, if they may not. */
function submitRefusal(verification: Verification, frozen: boolean): AppError | undefined {
  if (frozen) return new AppError("ACCOUNT_FROZEN");
  if (verification === "pending") return new AppError("KYC_PENDING");
  if (verification === "verified") return new AppError("KYC_ALREADY_VERIFIED");
  return undefined;
}

/**
 * Real-name verification: a member sends a document's name, number and both sides; a reviewer
 * approves (the name becomes the member's real name) or rejects with a reason the member reads.
 */
/** An application's fields as the member entered them, parsed by the route. */
export type KycFields = z.output<typeof kycSubmitSchema>;

export class KycService {
  private readonly db: Db;
  private readonly uploads: UploadStore;
  private readonly invitations: InvitationsService;
  private readonly events: AccountEvents;

  constructor(deps: {
    db: Db;
    uploads: UploadStore;
    invitations: InvitationsService;
    /** Tells an inviter's devices when a verification paid them (seeds pass none). */
    events?: AccountEvents | undefined;
  }) {
    this.db = deps.db;
    this.events = deps.events ?? (() => undefined);
    this.uploads = deps.uploads;
    this.invitations = deps.invitations;
  }

  async status(memberId: string): Promise<KycStatus> {
    const verification = await memberVerification(this.db, memberId);
    if (!verification) throw new AppError("UNAUTHENTICATED");
    const latest = await latestApplication(this.db, memberId);
    return { verification, application: latest ? toKycApplication(latest) : null };
  }

  async submit(
    memberId: string,
    body: KycFields,
    files: { front: Express.Multer.File | undefined; back: Express.Multer.File | undefined },
    nowMs: number,
    claim?: Claim,
  ): Promise<Keyed<KycStatus>> {
    // A quick refusal before anything is validated or decoded; the transaction checks again under a lock.
    const current = await applicantState(this.db, memberId);
    if (!current) throw new AppError("UNAUTHENTICATED");
    const early = submitRefusal(current.verification, current.frozen);
    if (early) throw early;
    const missing = (["front", "back"] as const).filter((side) => !files[side] || files[side].size === 0);
    if (missing.length > 0) {
      throw new AppError("UPLOAD_REQUIRED", {
        fields: Object.fromEntries(missing.map((side) => [side, "UPLOAD_REQUIRED"])),
      });
    }
    // One after the other: two 8 MiB decodes at once would double the memory a request can take.
    const front = await this.uploads.prepare(files.front);
    const back = await this.uploads.prepare(files.back);
    return this.uploads.transaction(this.db, (tx, save) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        const member = await lockApplicant(tx, memberId);
        if (!member) throw new AppError("UNAUTHENTICATED");
        const refusal = submitRefusal(member.verification, member.frozen);
        if (refusal) throw refusal;
        const frontUploadId = await save(memberId, "kyc_front", front, nowMs);
        const backUploadId = await save(memberId, "kyc_back", back, nowMs);
        const row = await insertApplication(tx, {
          memberId,
          documentType: body.documentType,
          name: body.name,
          nameKana: body.nameKana ?? null,
          idNumber: body.idNumber,
          frontUploadId,
          backUploadId,
          status: "pending",
          createdAtMs: nowMs,
        });
        await setVerification(tx, memberId, { verification: "pending" });
        const status: KycStatus = {
          verification: "pending",
          application: toKycApplication(row),
        };
        return status;
      }),
    );
  }

  /** Pending applications oldest first (the queue); decided ones newest first. */
  async queue(status: KycRow["status"]): Promise<KycReviewItem[]> {
    const rows = await applicationsIn(this.db, status);
    return rows.map((row) => toReviewItem(row.application, row.account));
  }

  async detail(id: string): Promise<KycReviewDetail> {
    const found = await applicationWithMember(this.db, numericId(id, "KYC_NOT_FOUND"));
    if (!found) throw new AppError("KYC_NOT_FOUND");
    const { application, member } = found;
    const history = await otherApplications(this.db, member.id, application.id);
    return {
      ...toReviewItem(application, member.account),
      member: {
        id: member.id,
        account: member.account,
        verification: member.verification,
        realName: member.realName,
        realNameKana: member.realNameKana,
        frozen: member.frozen,
        disabled: member.disabled,
        createdAtMs: member.createdAtMs,
      },
      history: history.map((row) => toReviewItem(row, member.account)),
    };
  }

  /**
   * Approves (the application's name becomes the member's real name) or rejects (with a reason
   * the member reads) a pending application, and audits it in the same transaction.
   */
  async review(
    id: string,
    decision: ReviewDecision,
    actor: StaffMember,
    context: { nowMs: number; ip: string },
  ): Promise<KycReviewItem> {
    const reason = decision.reason?.trim() || null;
    if (decision.decision === "reject" && !reason) {
      throw new AppError("REASON_REQUIRED", { fields: { reason: "REASON_REQUIRED" } });
    }
    const applicationKey = numericId(id, "KYC_NOT_FOUND");
    return transactThenEmit(this.db, this.events, async (tx) => {
      const application = await lockApplication(tx, applicationKey);
      if (!application) throw new AppError("KYC_NOT_FOUND");
      if (application.status !== "pending") {
        throw new AppError("REQUEST_NOT_PENDING", { status: application.status });
      }
      const member = await lockReviewedMember(tx, application.memberId);
      if (!member) throw new Error(`application ${id} names no member`);
      const approve = decision.decision === "approve";
      const updated = await decideApplication(tx, applicationKey, {
        status: approve ? "approved" : "rejected",
        reason,
        reviewedBy: actor.id,
        reviewedAtMs: context.nowMs,
      });
      const memberAfter = approve
        ? {
            verification: "verified" as const,
            realName: application.name,
            realNameKana: application.nameKana,
          }
        : { verification: "rejected" as const, realName: member.realName, realNameKana: member.realNameKana };
      await setVerification(tx, application.memberId, memberAfter);
      await recordAudit(tx, {
        staffId: actor.id,
        action: approve ? "kyc.approve" : "kyc.reject",
        target: `kyc:${application.id}`,
        before: {
          memberId: application.memberId,
          status: application.status,
          verification: member.verification,
          realName: member.realName,
          realNameKana: member.realNameKana,
        },
        after: { memberId: application.memberId, status: updated.status, ...memberAfter },
        reason,
        ip: context.ip,
        atMs: context.nowMs,
      });
      // Verified with a deposit already made: the inviter's reward commits with this approval.
      const rewarded = approve
        ? await this.invitations.payIfEarned(tx, application.memberId, context.nowMs)
        : [];
      return { value: toReviewItem(updated, member.account), events: rewarded };
    });
  }
}
