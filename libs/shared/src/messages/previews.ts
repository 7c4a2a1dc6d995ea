/** Link previews (docs/product.md#link-previews). */
export const PREVIEWS_MESSAGES = {
  previewHomeTitle: 'GotNext: ranked pickup basketball',
  previewHomeDescription: 'Ranked pickup basketball. Call next, play, report the score, climb the board.',
  previewProfileTitle: (username: string) => `${username} on GotNext`,
  previewProfileDescription: (username: string) => `See ${username}'s rating, record and recent games on GotNext.`,
  previewInviteTitle: 'Join my match on GotNext',
  previewInviteDescription: (code: string) => `Match code ${code}. Tap to join the lobby.`,
  previewInviteNoCode: 'Tap to join the match lobby on GotNext.',
  previewLobbyTitle: 'A GotNext match lobby',
} as const;
