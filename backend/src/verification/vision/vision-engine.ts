import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import sharp from 'sharp';
import { ModelThread } from './model-thread';
import { PORTRAIT_SEARCH_AREA } from './portrait-area';

/** One face found by the model: its box (x, y, width, height), 68 landmarks and its descriptor. */
export interface DetectedFace {
  score: number;
  box: [number, number, number, number];
  landmarks: [number, number][];
  descriptor: number[];
}

/**
 * What a photo is, which sets the face detector's input size (vision-thread.js): a document's small
 * printed portrait, or a selfie's large face.
 */
export type FacePhoto = 'document' | 'selfie';

/** The face detector looks at 512×512 at most; larger photos only cost decoding time. */
const FACE_INPUT_MAX_SIDE = 1024;
/** The barcode needs its thin bars: the back is read at up to this size. */
const BARCODE_INPUT_MAX_SIDE = 2048;
/**
 * Model threads: each runs one model call at a time, single-threaded WebAssembly, so two threads
 * use the machine's two cores; one check's three face photos, or two checks at once, share them.
 */
const MODEL_THREADS = 2;

/**
 * The worker threads that run the ID check's models (vision-thread.js, MODEL_THREADS of them): face
 * detection and descriptors, and the PDF417 reader. The models load once per thread and stay warm; photos are
 * decoded here with sharp (libuv's pool) and only raw pixels (copied) cross to the thread, so neither
 * decoding nor inference ever blocks the worker's event loop.
 */
@Injectable()
export class VisionEngine implements OnApplicationShutdown {
  private readonly logger = new Logger('VisionEngine');
  private readonly threads = Array.from({ length: MODEL_THREADS }, () => new ModelThread(this.logger));

  /** Loads the models now, so the first check does not pay for it. */
  warm(): Promise<unknown> {
    return Promise.all(this.threads.map((t) => t.request('warm', {})));
  }

  /**
   * The faces of a `kind` of photo, largest first, in the coordinates of an image `width` pixels
   * wide. On a document only its portrait side is searched (PORTRAIT_SEARCH_AREA).
   */
  async faces(image: Buffer, kind: FacePhoto): Promise<{ width: number; faces: DetectedFace[] }> {
    const { data, info } = await sharp(image)
      .rotate()
      .resize(FACE_INPUT_MAX_SIDE, FACE_INPUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const searchWidth = kind === 'document' ? Math.ceil(info.width * PORTRAIT_SEARCH_AREA) : info.width;
    const faces = (await this.request('faces', {
      pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      searchWidth,
      kind,
    })) as DetectedFace[];
    return { width: info.width, faces };
  }

  async pdf417(image: Buffer): Promise<string[]> {
    const { data, info } = await sharp(image)
      .rotate()
      .resize(BARCODE_INPUT_MAX_SIDE, BARCODE_INPUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return this.request('pdf417', { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }) as Promise<string[]>;
  }

  /** To the thread with the fewest requests waiting (the first on a tie), so work spreads over the cores. */
  private request(op: string, input: object): Promise<unknown> {
    return this.threads.reduce((least, t) => (t.load < least.load ? t : least)).request(op, input);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()));
  }
}
