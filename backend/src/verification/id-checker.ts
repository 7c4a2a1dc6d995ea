import type { IdDocumentType, IdShot } from '@gotnext/shared';
import type { ExpectedIdentity } from './id-match';

/** Everything the player sent for one check (docs/identity-rules.md#what-a-player-sends). */
export interface IdPhotos {
  documentType: IdDocumentType;
  /** The licence's front, or the passport's photo page. */
  front: Buffer;
  /** The licence's back (its PDF417 barcode); none for a passport. */
  back?: Buffer;
  /** The selfie: looking into the camera, then after turning the head. */
  selfie: Buffer;
  selfieTurned: Buffer;
}

/** The document's identity, read from its barcode or MRZ: what "one person, one account" is keyed on. */
export interface DocumentKey {
  /** The issuer: an AAMVA jurisdiction (e.g. 'CA', 'ON') or a passport's issuing state (e.g. 'USA'). */
  jurisdiction: string;
  number: string;
}

export interface IdCheckResult {
  passed: boolean;
  /** Why it failed, in words a player can act on (a message of libs/shared/src/messages.ts). */
  reason?: string;
  /** The shots to take again, when a new photo can fix it. */
  retake?: IdShot[];
  /**
   * The document that was read, whenever its barcode or MRZ was valid (also on a failure), so the
   * caller can refuse and flag a document already verified on another account. Never stored as is.
   */
  document?: DocumentKey;
  /**
   * On a pass, the face model's descriptor of the person who passed (the selfie frame closest to
   * the portrait), so the caller can refuse a face already verified on another account and keep it
   * as this account's template. Never stored as is: quantised, with its hash buckets. A checker that
   * gives none (a vendor's) leaves one face, one account to the vendor.
   */
  face?: number[];
}

/**
 * Checks an ID and a selfie against the account. `LocalIdChecker` runs here, on our own worker; a
 * vendor service (document authenticity, liveness) can take its place by providing this token.
 */
export interface IdChecker {
  check(photos: IdPhotos, expected: ExpectedIdentity): Promise<IdCheckResult>;
}

export const ID_CHECKER = Symbol('ID_CHECKER');
