/** The invite preview and the verify-then-join step of an invited newcomer (docs/matches.md#invite-preview). */
export const INVITES_MESSAGES = {
  invitePreview: (creator: string, matchType: string, ranked: boolean, target: number) =>
    `${creator} invites you to a ${ranked ? 'ranked' : 'casual'} ${matchType}, game to ${target}`,
  inviteLinkNotFound: 'This invite link is not valid any more. Ask for a new one.',
  inviteClosed: 'This match no longer takes players.',
  inviteRankedNeedsVerify: 'Ranked matches are for verified players: your e-mail and your ID.',
  verifyToPlayRanked: 'Verify to play ranked (about 2 min)',
  inviteeVerifying: (username: string) => `${username} is verifying their ID`,
} as const;
