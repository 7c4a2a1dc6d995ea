/** The own account: editing it, its photo, deleting it, and the first steps it shows (docs/accounts.md). */
export const ACCOUNT_MESSAGES = {
  // Editing the account and its photo
  nameTooLong: 'Names must be at most 100 characters.',
  bioTooLong: 'Bio must be at most 1000 characters.',
  heightInvalid: "Height must be between 4'0 and 11'11.",
  weightInvalid: 'Weight must be at most 20 characters.',
  preferencesInvalid: 'Preferences are invalid.',
  unknownPreference: (key: string) => `Unknown preference: ${key}.`,
  accountUpdated: 'Your account has been updated.',
  updateFailed: 'Failed to update user information.',
  fetchUserFailed: 'Failed to fetch user data.',
  photoTooLarge: 'Profile photo must be under 4MB.',
  // Deleting the account
  /** The name a deleted account shows under, wherever a player is named (docs/accounts.md#deletion). */
  deletedPlayer: 'Deleted player',
  accountDeleted: 'Your account has been deleted.',
  deletePasswordWrong: 'Password is incorrect.',
  deleteFailed: 'Failed to delete account.',
  // The account page and its first steps
  onboardingEmail: 'Verify your e-mail',
  onboardingId: 'Verify your ID',
  onboardingFirstMatch: 'Play your first match',
  accountSaved: 'Saved',
  deleteTypeToConfirm: 'Type DELETE to confirm',
} as const;
