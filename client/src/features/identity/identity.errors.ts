import type { identityCodes } from "@kabuto/shared/api/identity.codes";
import type { uploadsCodes } from "@kabuto/shared/api/uploads.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of identity, passwords, bank cards and uploads say to a member. */
export const identityErrors: ErrorMessages<typeof identityCodes> & ErrorMessages<typeof uploadsCodes> = {
  OLD_PASSWORD_WRONG: msg`The current password is wrong.`,
  FUND_PASSWORD_REQUIRED: msg`Enter your fund password.`,
  FUND_PASSWORD_INVALID: msg`The fund password must be 6 digits.`,
  FUND_PASSWORD_NOT_SET: msg`Set a fund password first.`,
  FUND_PASSWORD_WRONG: msg`Wrong fund password.`,
  FUND_PASSWORD_THROTTLED: msg`Too many wrong fund passwords. Please try again later.`,
  NAME_REQUIRED: msg`Enter your name.`,
  NAME_KANA_INVALID: msg`Enter the reading in katakana or hiragana, for example ヤマダ タロウ.`,
  ID_NUMBER_REQUIRED: msg`Enter your ID number.`,
  ID_NUMBER_INVALID: msg`Enter a valid ID number.`,
  DOCUMENT_TYPE_INVALID: msg`Choose a document type.`,
  KYC_PENDING: msg`Your real-name verification is under review.`,
  KYC_ALREADY_VERIFIED: msg`Your real name is already verified.`,
  KYC_NOT_FOUND: msg`No real-name verification was found.`,
  CARD_FIELD_REQUIRED: msg`Fill in every field of the card.`,
  CARD_NUMBER_INVALID: msg`Enter a valid card number.`,
  CARD_HOLDER_MISMATCH: msg`The card holder must match your verified name.`,
  CARD_EXISTS: msg`This card already exists.`,
  CARD_NOT_FOUND: msg`This bank card does not exist.`,
  CARDS_LIMIT: msg`You cannot add more bank cards.`,
  UPLOAD_REQUIRED: msg`Add the required image.`,
  UPLOAD_TYPE_INVALID: msg`Only JPEG, PNG or WebP images can be uploaded.`,
  UPLOAD_TOO_LARGE: msg`The image is too large.`,
  UPLOAD_FAILED: msg`Upload failed. Please try again.`,
  UPLOAD_NOT_FOUND: msg`The image does not exist.`,
};
