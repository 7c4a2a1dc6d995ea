/** Wire types and rules of the ID check (docs/identity-rules.md#id-check). */

/** A US/Canadian driver's licence or state ID (front and back), or a passport (its photo page). */
export const ID_DOCUMENT_TYPES = ['drivers_license', 'passport'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** The multipart fields of POST /api/verify. `id_photo` is the spec's field: the front (a passport's photo page). */
export const ID_FIELDS = {
  documentType: 'document_type',
  front: 'id_photo',
  back: 'id_back',
  selfie: 'selfie',
  selfieTurned: 'selfie_turned',
} as const;

/** The photos a verdict may ask to take again. */
export type IdShot = 'front' | 'back' | 'selfie';

/** The selfie frames are smaller: a face needs no more. */
export const SELFIE_MAX_DIMENSION = 720;
/** The back's barcode has thin bars: it is sent larger than the other shots. */
export const ID_BACK_MAX_DIMENSION = 1600;

export type IdCheckState = 'not_submitted' | 'pending' | 'verified' | 'failed';

/** GET /api/verify: where the caller's ID check stands, for the verification page. */
export interface IdCheckStatusResponse {
  status: IdCheckState;
  /** The last failure's reason (status 'failed'). */
  reason: string | null;
  /** The shots the last failure asks to take again. */
  retake: IdShot[];
  /** When the last verdict was reached, ISO 8601. */
  checked_at: string | null;
}

/** One account named in an identity flag. */
export interface FlaggedAccount {
  user_id: number;
  username: string;
  email: string;
  name: string;
  deleted: boolean;
}

/**
 * A document or a face already verified on one account that another account tried to verify
 * (docs/identity-rules.md#one-person-one-account, #one-face-one-account).
 */
export interface IdentityFlag {
  id: number;
  flagged_at: string;
  /** What was found on the other account: the same document, or the same face. */
  kind: 'document' | 'face';
  /** The account that sent the document. */
  account: FlaggedAccount;
  /** The account it is verified on. */
  verified_account: FlaggedAccount;
}

/** GET /api/admin/identity-flags. */
export interface IdentityFlagsResponse {
  flags: IdentityFlag[];
}
