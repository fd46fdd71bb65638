import type { LeadTranslations } from "../api/follow.ts";

/** The interface languages a lead's texts are written in. */
export type LeadLanguage = keyof LeadTranslations["nickname"];

/**
 * A lead's nickname and bio for a reader of `language`: what the lead wrote for that language's
 * members, or, where they wrote none (no translations, or a blank one), the nickname and bio they
 * wrote for everyone. Screens and tests read a lead's texts only through this.
 */
export function leadTextIn(
  lead: { nickname: string; bio: string; translations: LeadTranslations | null },
  language: LeadLanguage,
): { nickname: string; bio: string } {
  const nickname = lead.translations?.nickname[language].trim();
  const bio = lead.translations?.bio[language].trim();
  return { nickname: nickname || lead.nickname, bio: bio || lead.bio };
}

/** A copy's lead nickname for a reader of `language`, likewise. */
export function copyNicknameIn(
  copy: { nickname: string; nicknames: LeadTranslations["nickname"] | null },
  language: LeadLanguage,
): string {
  return copy.nicknames?.[language].trim() || copy.nickname;
}
