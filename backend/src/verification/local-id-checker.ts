import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MSG, type IdShot } from '@gotnext/shared';
import { parseAamva } from './document/aamva';
import { frontShowsNumber, isExpired, licenceFitsRegion, nationalityFitsRegion, sameDocumentName } from './document/document-rules';
import { mrzLinesFrom, readPassportMrz } from './document/passport-mrz';
import type { DocumentKey, IdChecker, IdCheckResult, IdPhotos } from './id-checker';
import { ID_MISMATCH_REASONS, matchIdText, type ExpectedIdentity } from './id-match';
import { TesseractOcr } from './ocr/tesseract-ocr';
import { FACE_MATCH_THRESHOLD, faceDistance, livenessOf, portraitFace, selfieDistance } from './vision/face-rules';
import { flatBlockShare, RENDERED_FLAT_SHARE } from './vision/rendered-card';
import { VisionEngine, type DetectedFace } from './vision/vision-engine';

const R = MSG.idReasons;
const fail = (reason: string, retake: IdShot[], document?: DocumentKey): IdCheckResult => ({ passed: false, reason, retake, document });

/** What the document itself says, from its barcode or MRZ, once it is known to be a real one. */
interface DocumentData {
  key: DocumentKey;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  dateOfBirth: string;
  expiry: string;
  /** Whether the document's issuer fits the account's region, and the reason when it does not. */
  fitsRegion(state: string): boolean;
  regionReason: string;
}

/**
 * The ID check that runs on our own worker (docs/identity-rules.md#id-check): the licence's PDF417
 * barcode (AAMVA) or the passport's MRZ, cross-checked with the account and the front's OCR; the
 * expiry; a face in the portrait; the selfie's face matching it, with the head-turn liveness step.
 * OCR and the models run at the same time on their own threads; the rules are then applied in a
 * fixed order, so the reason a player reads does not depend on which finished first.
 */
@Injectable()
export class LocalIdChecker implements IdChecker, OnApplicationBootstrap {
  private readonly logger = new Logger('LocalIdChecker');

  constructor(
    private readonly ocr: TesseractOcr,
    private readonly vision: VisionEngine,
  ) {}

  /** Models load while the worker starts, so checks run warm. A failure here is retried by the first check. */
  onApplicationBootstrap(): void {
    Promise.all([this.ocr.warm(), this.vision.warm()]).catch((err: Error) => this.logger.warn(`models did not load at boot: ${err.message}`));
  }

  async check(photos: IdPhotos, expected: ExpectedIdentity): Promise<IdCheckResult> {
    const licence = photos.documentType === 'drivers_license';
    if (licence && !photos.back) return fail(R.barcodeUnreadable, ['back']);
    const [frontText, barcodes, front, selfie, turned, flatShare] = await Promise.all([
      licence ? this.ocr.readText(photos.front) : this.ocr.readMrzBand(photos.front),
      licence ? this.vision.pdf417(photos.back!) : Promise.resolve([]),
      this.vision.faces(photos.front, 'document'),
      this.vision.faces(photos.selfie, 'selfie'),
      this.vision.faces(photos.selfieTurned, 'selfie'),
      flatBlockShare(photos.front).catch(() => null),
    ]);
    // Measured, not yet a verdict (docs/identity-rules.md#a-computer-made-card): the log shows how
    // real photos score before the signal refuses anything.
    if (flatShare !== null && flatShare > RENDERED_FLAT_SHARE) this.logger.log(`document photo looks computer-made: ${(flatShare * 100).toFixed(0)} % flat blocks`);
    const read = licence ? this.readLicence(barcodes) : this.readPassport(frontText);
    if ('passed' in read) return read;
    const doc = read;
    const documentShots: IdShot[] = licence ? ['front', 'back'] : ['front'];
    if (isExpired(doc.expiry)) return fail(R.expired, documentShots, doc.key);
    // The document's own data against the account: a new photo cannot change these.
    if (!sameDocumentName(expected, doc)) return fail(R.name, [], doc.key);
    if (doc.dateOfBirth !== expected.dateOfBirth) return fail(R.dateOfBirth, [], doc.key);
    if (!doc.fitsRegion(expected.state)) return fail(doc.regionReason, [], doc.key);
    if (licence) {
      // The printed front against the account (OCR, one typo per word), then against the barcode's number.
      const mismatch = matchIdText(frontText, expected);
      if (mismatch) return fail(ID_MISMATCH_REASONS[mismatch], ['front'], doc.key);
      if (!frontShowsNumber(frontText, doc.key.number)) return fail(R.frontBackMismatch, ['front', 'back'], doc.key);
    }
    return this.checkFaces(portraitFace(front.faces, front.width), selfie.faces[0], turned.faces[0], doc.key);
  }

  private readLicence(barcodes: string[]): DocumentData | IdCheckResult {
    if (!barcodes.length) return fail(R.barcodeUnreadable, ['back']);
    const aamva = barcodes.map(parseAamva).find((a) => a !== null);
    if (!aamva) return fail(R.barcodeNotLicence, ['back']);
    return {
      ...aamva,
      key: { jurisdiction: aamva.jurisdiction, number: aamva.number },
      fitsRegion: (state) => licenceFitsRegion(state, aamva.jurisdiction, aamva.country),
      regionReason: R.state,
    };
  }

  private readPassport(bandText: string): DocumentData | IdCheckResult {
    const lines = mrzLinesFrom(bandText);
    if (!lines) return fail(R.mrzUnreadable, ['front']);
    const mrz = readPassportMrz(lines);
    if (!mrz || !mrz.documentCode.startsWith('P')) return fail(R.notPassport, ['front']);
    if (!mrz.valid || !mrz.dateOfBirth || !mrz.expiry) {
      this.logger.log(`passport MRZ refused: invalid ${mrz.invalid.join(', ')}`);
      return fail(R.mrzInvalid, ['front']);
    }
    return {
      ...mrz,
      dateOfBirth: mrz.dateOfBirth,
      expiry: mrz.expiry,
      key: { jurisdiction: mrz.issuingState, number: mrz.number },
      fitsRegion: (state) => nationalityFitsRegion(state, mrz.nationality),
      regionReason: R.nationality,
    };
  }

  private checkFaces(portrait: DetectedFace | null, selfie: DetectedFace | undefined, turned: DetectedFace | undefined, key: DocumentKey): IdCheckResult {
    if (!portrait) return fail(R.noPortrait, ['front'], key);
    if (!selfie || !turned) return fail(R.noSelfieFace, ['selfie'], key);
    if (livenessOf(selfie, turned) !== 'live') return fail(R.liveness, ['selfie'], key);
    if (selfieDistance(portrait, [selfie, turned]) >= FACE_MATCH_THRESHOLD) return fail(R.faceMismatch, ['selfie'], key);
    // The live face that matched, as the account's face template (docs/identity-rules.md#one-face-one-account).
    const [closest] = [selfie, turned].sort((a, b) => faceDistance(portrait.descriptor, a.descriptor) - faceDistance(portrait.descriptor, b.descriptor));
    return { passed: true, document: key, face: closest.descriptor };
  }
}
