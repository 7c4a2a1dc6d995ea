/**
 * Every user-facing text of the spec, once. The form and the server both use these, so the
 * message a player reads is the same whether the browser or the API caught the problem.
 */
export const MSG = {
  // Signup (core §5)
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Phone number is invalid.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is invalid.',
  usernameRequired: 'Username is required.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 6 characters.',
  confirmRequired: 'Please confirm your password.',
  passwordsMismatch: 'Passwords do not match.',
  dobRequired: 'Date of birth is required.',
  tooYoung: 'You must be at least 16 years old to sign up.',
  countryRequired: 'Country selection is required.',
  stateRequired: 'State selection is required.',
  bioRequired: 'Bio is required.',
  acceptTerms: 'You must accept the Terms of Service.',
  acceptPrivacy: 'You must accept the Privacy Policy.',
  signupSuccess: 'Account created successfully!',
  usernameTaken: 'Username is already taken.',
  emailTaken: 'Email is already registered.',
  // Login
  identifierRequired: 'Username or Email is required.',
  invalidCredentials: 'Invalid username/email or password.',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  // Password reset
  bothPasswordsRequired: 'Both password fields are required.',
  invalidToken: 'Invalid or missing token.',
  resetEmailSent: 'If an account with that email exists, a password reset link has been sent.',
  passwordResetDone: 'Your password has been reset. Redirecting to login...',
  // Verification
  verificationEmailSent: 'Verification email sent. Please check your inbox.',
  emailAlreadyVerified: 'Your email is already verified.',
  emailVerified: 'Your email has been verified.',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  selectFile: 'Please select a file to upload.',
  needStateAndDob: 'Please add your state/region and date of birth in your account settings before verifying.',
  // Generic
  unauthorized: 'No authentication token found. Please log in.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbiddenActor: 'You can only act as yourself.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Something went wrong on our side. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  unknownField: (field: string) => `Unknown field: ${field}.`,
  // Fallbacks (core §8)
  connectFailed: 'Failed to connect to the server.',
  signupFailed: 'Something went wrong.',
  loginFailed: 'Login failed. Please try again.',
  pageComingSoon: 'Page Coming Soon!',
  // Matches (core §5)
  rankedNeedsVerification: 'You must verify your account to join a ranked match.',
  rankedNeedsVerificationShown: 'You cannot join ranked matches until you have verified your account.',
  onlyCreatorStarts: 'Only the creator can start the match.',
  reportBoth1v1: "Please enter both your score and the opponent's score.",
  reportBothTeams: 'Please enter both Team A and Team B scores.',
  disputeFillAll: 'Please fill out all fields before submitting.',
  reportReasonRequired: 'Please select a reason for the report.',
  messagesNotAllowed: "This player's preferences do not allow messages from non-friends.",
  youBlocked: 'You have blocked this player.',
} as const;
