import { product, secretsOf } from "../kernel/product.ts";
import type { InvitationsService } from "../rewards/invitations.service.ts";
import type { UploadStore } from "../uploads/upload-store.ts";
import { BankCardsService } from "./bank-cards.service.ts";
import { mountIdentityRoutes } from "./identity.routes.ts";
import { KycService } from "./kyc.service.ts";
import { PasswordsService } from "./passwords.service.ts";

/** Real-name verification and its review, bank cards, and the sign-in and fund passwords. */
export const identityProduct = product<
  { kyc: KycService; cards: BankCardsService; passwords: PasswordsService },
  { uploadStore: UploadStore; invitations: InvitationsService }
>({
  name: "identity",
  uses: ["uploads", "rewards"],
  needsSecrets: true,
  create: (kernel, { uploadStore, invitations }) => {
    const { db } = kernel.database;
    return {
      kyc: new KycService({ db, uploads: uploadStore, invitations, events: kernel.events }),
      cards: new BankCardsService(db),
      passwords: new PasswordsService({ db, throttle: secretsOf(kernel, "identity").throttle }),
    };
  },
  routes: ({ router, ops, docs, now, sessions }, services) =>
    mountIdentityRoutes(router, ops, docs, {
      kyc: services.kyc,
      cards: services.cards,
      passwords: services.passwords,
      uploads: services.uploadStore,
      now,
      endSessions: sessions.end,
    }),
});
