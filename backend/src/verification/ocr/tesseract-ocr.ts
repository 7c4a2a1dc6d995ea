import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';

// The English model ships in an npm package; tesseract.js's worker script and WASM core come from
// its own package. Nothing is fetched at run time, and nothing is cached to disk.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a data package without types: the annotation states its shape
const eng: { langPath: string; gzip: boolean } = require('@tesseract.js-data/eng');

/**
 * A licence front is read at this width: OCR works best on large, high-contrast grey text, and a
 * wider photo (ID photos are stored at up to 2048 px, docs/identity-rules.md#photos) only costs
 * more work without reading better. Narrower costs less but reads worse: on bench/ocr-front.mjs's
 * 120 fronts, 1000, 1200 and 1400 px were refused 3, 2 and 4 times against 0 at 1600 px
 * (docs/identity-rules.md#speed).
 */
export const OCR_WIDTH = 1600;
/** The MRZ's alphabet (ICAO 9303): reading anything else there is a misreading. */
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** The MRZ is the bottom band of a passport's photo page. */
const MRZ_BAND = 0.32;
/** The band is read at this width: 44 characters at about 20 px each, the size Tesseract reads best (larger drops characters). */
const MRZ_WIDTH = 1000;
/**
 * OCR workers: each reads one image at a time on one core (single-threaded WASM), so two let two
 * checks read at once on the machine's two cores (docs/identity-rules.md#speed).
 */
const OCR_WORKERS = 2;

/**
 * The resolution Tesseract assumes: a PGM carries none, and without one Tesseract estimates it for
 * every image (and says so on stderr). 72 dpi is what the PNGs it read before carried (sharp's default).
 */
const DPI = '72';
type Params = { tessedit_char_whitelist: string; tessedit_pageseg_mode: PSM; user_defined_dpi: string };
const FREE_TEXT: Params = { tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: DPI };
const MRZ_TEXT: Params = { tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: DPI };

/**
 * One Tesseract worker (tesseract.js, WASM, in its own worker thread), alive for the life of the
 * process (starting one costs the model load). Parameters belong to the worker, so its reads take
 * turns, each setting the parameters it needs.
 */
class OcrWorker {
  private worker?: Promise<Worker>;
  private queue: Promise<unknown> = Promise.resolve();
  /** Reads queued or running: the next read goes to the worker with the fewest. */
  load = 0;

  private ocr(): Promise<Worker> {
    this.worker ??= createWorker('eng', 1, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none', logger: () => undefined }).catch((err) => {
      this.worker = undefined; // let the next job try again
      throw err;
    });
    return this.worker;
  }

  async warm(): Promise<void> {
    await this.ocr();
  }

  read(params: Params, image: Promise<Buffer>): Promise<string> {
    this.load += 1;
    const next = this.queue.then(async () => {
      const worker = await this.ocr();
      await worker.setParameters(params);
      return (await worker.recognize(await image)).data.text ?? '';
    });
    this.queue = next.catch(() => undefined);
    return next.finally(() => {
      this.load -= 1;
    });
  }

  async terminate(logger: Logger): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => null))?.terminate().catch((err: Error) => logger.warn(`OCR worker did not stop: ${err.message}`));
  }
}

/**
 * Tesseract OCR: a licence front as free text, or a passport's MRZ band restricted to the MRZ
 * alphabet, each read by the least busy of OCR_WORKERS workers. The image is prepared (sharp, on
 * libuv's pool) while it waits for its turn.
 */
@Injectable()
export class TesseractOcr implements OnApplicationShutdown {
  private readonly logger = new Logger('TesseractOcr');
  private readonly workers = Array.from({ length: OCR_WORKERS }, () => new OcrWorker());

  /** Loads the model now, so the first check does not pay for it. */
  async warm(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.warm()));
  }

  /** The text of a document photo, read at `width` (bench/ocr-front.mjs tries others). */
  readText(image: Buffer, width = OCR_WIDTH): Promise<string> {
    return this.read(FREE_TEXT, forOcr(sharp(image).rotate(), width));
  }

  /** The text of the bottom band of a passport's photo page, read as MRZ characters only. */
  readMrzBand(image: Buffer): Promise<string> {
    return this.read(MRZ_TEXT, mrzBand(image));
  }

  private read(params: Params, image: Promise<Buffer>): Promise<string> {
    image.catch(() => undefined); // its failure is the read's, reported when the read awaits it
    return this.workers.reduce((least, w) => (w.load < least.load ? w : least)).read(params, image);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate(this.logger)));
  }
}

async function mrzBand(image: Buffer): Promise<Buffer> {
  const upright = await sharp(image).rotate().toBuffer();
  const { width = 0, height = 0 } = await sharp(upright).metadata();
  const top = Math.floor(height * (1 - MRZ_BAND));
  return forOcr(sharp(upright).extract({ left: 0, top, width, height: height - top }), MRZ_WIDTH);
}

/**
 * An upright image as Tesseract reads it: grey, full contrast, `width` px wide. As a PGM (raw grey
 * bytes behind a one-line header, which Tesseract's image library reads as is): a PNG cost about
 * 100 ms to compress here and to decompress in Tesseract for each licence front.
 */
export async function forOcr(image: sharp.Sharp, width: number): Promise<Buffer> {
  const { data, info } = await image.grayscale().resize({ width }).raw().toBuffer({ resolveWithObject: true });
  stretchContrast(data);
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
}

/** The share of pixels that end up black, and white, once the contrast is stretched (as sharp's normalise()). */
const CLIP = 0.01;

/**
 * Stretches grey levels so the darkest 1 % of pixels are black and the lightest 1 % white, in place:
 * what sharp's normalise() does, without its round trip through the Lab colour space, which cost
 * more than the resize (docs/identity-rules.md#speed).
 */
export function stretchContrast(grey: Uint8Array): void {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < grey.length; i++) histogram[grey[i]] += 1;
  const level = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += histogram[v]) > share * grey.length) return v;
    return 255;
  };
  const low = level(CLIP);
  const high = level(1 - CLIP);
  if (high <= low) return;
  const map = Uint8Array.from({ length: 256 }, (_, v) => Math.round(((Math.min(high, Math.max(low, v)) - low) * 255) / (high - low)));
  for (let i = 0; i < grey.length; i++) grey[i] = map[grey[i]];
}
