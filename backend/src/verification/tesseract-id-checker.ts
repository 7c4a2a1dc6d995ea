import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import sharp from 'sharp';
import { createWorker, type Worker } from 'tesseract.js';
import type { IdChecker, IdCheckResult } from './id-checker';
import { ExpectedIdentity, ID_MISMATCH_REASONS, matchIdText } from './id-match';

// The English model ships in an npm package; tesseract.js's worker script and WASM core come from
// its own package. Nothing is fetched at run time, and nothing is cached to disk.
const eng: { langPath: string; gzip: boolean } = require('@tesseract.js-data/eng');

/** OCR works best on large, high-contrast grey text. */
const OCR_MIN_WIDTH = 1600;

/**
 * The ID checker that runs here: Tesseract OCR (tesseract.js, WASM, in a worker thread), then the
 * matching rules of id-match.ts. One OCR worker stays alive for the life of the process (starting
 * one costs the model load) and recognises one photo at a time.
 */
@Injectable()
export class TesseractIdChecker implements IdChecker, OnApplicationShutdown {
  private readonly logger = new Logger('TesseractIdChecker');
  private worker?: Promise<Worker>;

  private ocr(): Promise<Worker> {
    this.worker ??= createWorker('eng', 1, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none', logger: () => undefined }).catch((err) => {
      this.worker = undefined; // let the next job try again
      throw err;
    });
    return this.worker;
  }

  async check(image: Buffer, expected: ExpectedIdentity): Promise<IdCheckResult> {
    const prepared = await this.prepare(image);
    const { data } = await (await this.ocr()).recognize(prepared);
    const mismatch = matchIdText(data.text ?? '', expected);
    return mismatch ? { passed: false, reason: ID_MISMATCH_REASONS[mismatch] } : { passed: true };
  }

  private async prepare(image: Buffer): Promise<Buffer> {
    const img = sharp(image).rotate().grayscale().normalise();
    const { width = 0 } = await sharp(image).metadata();
    if (width && width < OCR_MIN_WIDTH) img.resize({ width: OCR_MIN_WIDTH });
    return img.png().toBuffer();
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => null))?.terminate().catch((err: Error) => this.logger.warn(`OCR worker did not stop: ${err.message}`));
  }
}
