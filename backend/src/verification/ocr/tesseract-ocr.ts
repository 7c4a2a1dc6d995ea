import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';

// The English model ships in an npm package; tesseract.js's worker script and WASM core come from
// its own package. Nothing is fetched at run time, and nothing is cached to disk.
const eng: { langPath: string; gzip: boolean } = require('@tesseract.js-data/eng');

/** OCR works best on large, high-contrast grey text. */
const OCR_MIN_WIDTH = 1600;
/** The MRZ's alphabet (ICAO 9303): reading anything else there is a misreading. */
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** The MRZ is the bottom band of a passport's photo page. */
const MRZ_BAND = 0.32;
/** The band is read at this width: 44 characters at about 20 px each, the size Tesseract reads best (larger drops characters). */
const MRZ_WIDTH = 1000;

/**
 * Tesseract OCR (tesseract.js, WASM, in its own worker thread). One OCR worker stays alive for the
 * life of the process (starting one costs the model load) and reads one image at a time: a licence
 * front as free text, or a passport's MRZ band restricted to the MRZ alphabet.
 */
@Injectable()
export class TesseractOcr implements OnApplicationShutdown {
  private readonly logger = new Logger('TesseractOcr');
  private worker?: Promise<Worker>;
  /** Parameters belong to the worker, so reads take turns. */
  private queue: Promise<unknown> = Promise.resolve();

  private ocr(): Promise<Worker> {
    this.worker ??= createWorker('eng', 1, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none', logger: () => undefined }).catch((err) => {
      this.worker = undefined; // let the next job try again
      throw err;
    });
    return this.worker;
  }

  /** Loads the model now, so the first check does not pay for it. */
  async warm(): Promise<void> {
    await this.ocr();
  }

  /** The text of a document photo. */
  readText(image: Buffer): Promise<string> {
    return this.turn(async (worker) => {
      await worker.setParameters({ tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.AUTO });
      return (await worker.recognize(await prepare(sharp(image).rotate()))).data.text ?? '';
    });
  }

  /** The text of the bottom band of a passport's photo page, read as MRZ characters only. */
  readMrzBand(image: Buffer): Promise<string> {
    return this.turn(async (worker) => {
      const upright = await sharp(image).rotate().toBuffer();
      const { width = 0, height = 0 } = await sharp(upright).metadata();
      const top = Math.floor(height * (1 - MRZ_BAND));
      const band = sharp(upright).extract({ left: 0, top, width, height: height - top });
      await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
      return (await worker.recognize(await band.grayscale().normalise().resize({ width: MRZ_WIDTH }).png().toBuffer())).data.text ?? '';
    });
  }

  private turn<T>(read: (worker: Worker) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => read(await this.ocr()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => null))?.terminate().catch((err: Error) => this.logger.warn(`OCR worker did not stop: ${err.message}`));
  }
}

async function prepare(img: sharp.Sharp): Promise<Buffer> {
  const width = (await img.clone().metadata()).width ?? 0;
  img.grayscale().normalise();
  if (width && width < OCR_MIN_WIDTH) img.resize({ width: OCR_MIN_WIDTH });
  return img.png().toBuffer();
}
