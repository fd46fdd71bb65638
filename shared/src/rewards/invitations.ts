/**
 * Invitations: every member hands out a code; an invited member who is verified and has made a
 * first deposit earns their inviter one reward (the spec's "share 200 yen"), within the year's
 * reward-cash cap.
 */

/** The invitation reward the spec advertises, yen (INVITE_REWARD_JPY). */
export const defaultInviteRewardYen = 200;

/**
 * A mobile number as an inviter sees their invitee's: the first three and last four digits,
 * the middle hidden (`090****5678`). Short values show at most a third at each end.
 */
export function maskPhone(account: string): string {
  if (account.length >= 9) {
    return `${account.slice(0, 3)}${"*".repeat(account.length - 7)}${account.slice(-4)}`;
  }
  const shown = Math.floor(account.length / 3);
  return `${account.slice(0, shown)}${"*".repeat(account.length - 2 * shown)}${shown > 0 ? account.slice(-shown) : ""}`;
}

/** What an invitee has completed, in the order the reward needs them. */
export interface InviteeProgress {
  verified: boolean;
  firstDeposit: boolean;
}

/** Whether an invitee has done everything the reward asks: verified and a first deposit, in either order. */
export function rewardEarned(progress: InviteeProgress): boolean {
  return progress.verified && progress.firstDeposit;
}

/** Yen the reward pays: its amount, or what is left of the year's cap if less (never below zero). */
export function inviteRewardYen(rewardYen: number, capLeftYen: number): number {
  return Math.max(0, Math.min(rewardYen, capLeftYen));
}

/**
 * The register screen's link with the code filled in: the app's own address, its hash route
 * and the code as the route's query (`https://host/#/login/register?invite=ABC234`).
 */
export function invitationLink(appUrl: string, code: string): string {
  const base = appUrl.replace(/#.*$/, "");
  return `${base}#/login/register?invite=${encodeURIComponent(code)}`;
}
