/**
 * The numbers of courts and their queue (docs/courts.md). One place, so the forms, the server and
 * the tests agree.
 */
export const COURT_LIMITS = {
  nameMax: 80,
  addressMax: 200,
  notesMax: 500,
  flagReasonMax: 300,
  hoopsMax: 20,
  /** Courts one player may add in 24 h (docs/courts.md#adding-a-court). */
  addsPerDay: 5,
  /** The same name within this distance is the same court. */
  duplicateRadiusM: 150,
  /** A check-in that shares its location must be this close (docs/courts.md#check-in). */
  checkInRadiusM: 300,
  /** A check-in with no court action for this long has ended (docs/courts.md#check-in). */
  inactivityMinutes: 120,
  /** "Courts near me" looks this far. */
  nearRadiusKm: 50,
  nearLimit: 50,
  searchLimit: 30,
  /** A called player's time to confirm. */
  holdSeconds: 90,
  /** The host's rotating code (RFC 6238 style). */
  codeStepSeconds: 30,
  codeDigits: 6,
  /** Winner-stays-on: 0 is off, else winners stay for up to this many games. */
  winnerStaysMax: 10,
  /** How many queue places the call looks through for a selection that fills two teams. */
  callLookahead: 40,
  /** At most one run-forming push per court in this many hours (docs/courts.md#alerts). */
  runFormingPushHours: 3,
  /** No run-forming push from this hour to `quietUntilHour`, in the court's local time (docs/courts.md#alerts). */
  quietFromHour: 22,
  quietUntilHour: 8,
} as const;

export const COURT_GAME_SIZES = [1, 2, 3, 4, 5] as const;
export type CourtGameSize = (typeof COURT_GAME_SIZES)[number];

export const COURT_ADMIN_ACTIONS = ['approve', 'rename', 'merge', 'remove'] as const;
export type CourtAdminAction = (typeof COURT_ADMIN_ACTIONS)[number];
