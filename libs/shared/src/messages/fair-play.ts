/** Texts of the fair-play calls (docs/rating.md#integrity). */
export const FAIR_PLAY_MESSAGES = {
  integrityCaseNotFound: 'Fair-play case not found.',
  integrityCaseDecided: 'This case has already been decided.',
  integrityDecisionInvalid: "Decision must be 'confirm' or 'dismiss'.",
  integrityCaseConfirmed: 'Case confirmed: history replayed without its matches.',
  integrityCaseDismissed: 'Case dismissed.',
  appealNotOpen: 'Only a confirmed case can be appealed.',
  appealAlreadySent: 'You have already appealed this case.',
  appealTextRequired: 'Write why you think the decision is wrong.',
  appealTooLong: 'An appeal is at most 2000 characters.',
  appealSent: 'Appeal sent. Ops will read it.',
  calibrationNotYet: 'The rating has not been measured yet.',
} as const;
