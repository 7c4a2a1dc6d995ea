/** Texts every call and every screen may answer with. */
export const COMMON_MESSAGES = {
  // A visitor on a page for players; the spec's 'No authentication token found' stays the API's word (docs/product.md#words)
  loginToSee: 'Log in or sign up to see this page.',
  sessionEnded: 'Your session has ended. Please log in again.',
  // Offline (docs/realtime.md#offline)
  connectionLost: 'No connection · reconnecting…',
  connectionStale: 'What you see may be out of date.',
  chatWaitingOffline: "Sending when you're back online",
  chatSending: 'Sending…',
  chatNotSent: (why: string) => `Not sent: ${why}`,
  unauthorized: 'No authentication token found. Please log in.',
  adminCredentialsRequired: 'Admin credentials required.',
  opsWriteForeign: 'Changes in the ops area can only be made from its own screens.',
  opsWriteJsonOnly: 'Changes in the ops area are sent as JSON.',
  adminLoginFailed: 'Wrong admin user name or password.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbiddenActor: 'You can only act as yourself.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyRequestsRetry: (wait: string) => `Too many requests. Please try again in ${wait}.`,
  serverError: 'Something went wrong on our side. Please try again.',
  /** A call that needs Redis while it is away (docs/architecture.md#when-redis-is-away). */
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large (at most 1 MB).',
  // Refused at the edge, for every call (docs/api.md#input-refused-at-the-edge)
  invalidCharacters: 'Text may not contain NUL bytes or invalid characters.',
  bodyTooDeep: 'The request body is nested too deeply.',
  pathMalformed: 'The address of this request is not valid.',
  pathTooLong: 'The address of this request is too long.',
  unknownField: (field: string) => `Unknown field: ${field}.`,
  // Names shown to other players (rules/display-names.ts)
  nameHiddenCharacters: (what: string) => `${what} cannot contain invisible or text-direction characters.`,
  nameNeedsVisibleCharacter: (what: string) => `${what} needs at least one letter, digit or symbol, not only accent marks.`,
  nameTooManyMarks: (what: string) => `${what} has too many accent marks on one letter.`,
  // Fallbacks (docs/product.md#error-texts)
  connectFailed: 'Failed to connect to the server.',
  pageComingSoon: 'Page Coming Soon!',
  // Uploads, for every form that sends a file
  imageOnly: 'Only image files (JPEG, PNG, WebP, GIF, AVIF, TIFF) can be uploaded.',
  oneFileOnly: 'Upload one file at a time.',
  /** nginx's own 413, for a body over its limit (docker/nginx.conf): the spec's photo limit. */
  uploadTooLarge: 'Each photo must be under 4MB.',
  multipartExpected: 'Send the form as multipart/form-data.',
  unknownFile: (field: string) => `Unknown file field: ${field}.`,
} as const;
