import { identityApi } from "@kabuto/shared/endpoints/identity";
import type { Request, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { hashToken } from "../kernel/member-sessions.ts";
import { type UploadStore, uploadedFile } from "../uploads/upload-store.ts";
import type { BankCardsService } from "./bank-cards.service.ts";
import type { KycService } from "./kyc.service.ts";
import type { PasswordContext, PasswordsService } from "./passwords.service.ts";

/**
 * Real-name verification, bank cards and passwords for members, and the KYC review queue
 * under `/ops`.
 */
export function mountIdentityRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: {
    kyc: KycService;
    cards: BankCardsService;
    passwords: PasswordsService;
    /** Parses the multipart form of an application. */
    uploads: UploadStore;
    now: () => number;
    /** Forgets ended sessions and drops their sockets (createApp's `endSessions`). */
    endSessions: (tokenHashes: string[]) => Promise<void>;
  },
): void {
  const { kyc, cards, passwords, now } = deps;
  const serve = docs.serve({ router, ops });

  serve(identityApi.kyc, ({ member }) => kyc.status(member.id));
  serve(
    identityApi.submitKyc,
    ({ member, body, claim, request }) => {
      const files = {
        front: uploadedFile(request.files, "front"),
        back: uploadedFile(request.files, "back"),
      };
      return kyc.submit(member.id, body, files, now(), claim);
    },
    { upload: deps.uploads.fields(["front", "back"]) },
  );
  serve(identityApi.opsKycQueue, async ({ query }) => ({ items: await kyc.queue(query.status) }));
  serve(identityApi.opsKyc, ({ params }) => kyc.detail(params.id));
  serve(identityApi.reviewKyc, ({ params, body, staff, request }) =>
    kyc.review(params.id, body, staff, { nowMs: now(), ip: request.ip ?? "" }),
  );

  serve(identityApi.cards, async ({ member }) => ({ items: await cards.list(member.id) }));
  serve(identityApi.addCard, ({ member, body, claim }) => cards.add(member.id, body, now(), claim));
  serve(identityApi.removeCard, ({ member, params, claim }) =>
    cards.remove(member.id, params.id, now(), claim),
  );
  serve(identityApi.opsCards, async ({ query }) => ({ items: await cards.listForStaff(query.memberId) }));

  const passwordContext = (request: Request): PasswordContext => ({
    nowMs: now(),
    ip: request.ip ?? "unknown",
    keepTokenHash: request.sessionToken ? hashToken(request.sessionToken) : undefined,
  });

  serve(identityApi.security, ({ member }) => passwords.security(member.id));
  serve(identityApi.changePassword, async ({ member, body, request }) => {
    await deps.endSessions(await passwords.changeLoginPassword(member.id, body, passwordContext(request)));
    return { ok: true as const };
  });
  serve(identityApi.setFundPassword, async ({ member, body, request }) => {
    await deps.endSessions(await passwords.setFundPassword(member.id, body, passwordContext(request)));
    return { ok: true as const };
  });
}
