import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/** One face found by the model: its box (x, y, width, height), 68 landmarks and its descriptor. */
export interface DetectedFace {
  score: number;
  box: [number, number, number, number];
  landmarks: [number, number][];
  descriptor: number[];
}

/** The face model looks at 512×512 anyway; larger photos only cost decoding time. */
const FACE_INPUT_MAX_SIDE = 1024;
/** The barcode needs its thin bars: the back is read at up to this size. */
const BARCODE_INPUT_MAX_SIDE = 2048;
/** A request the thread has not answered in this long is taken as hung: the thread is replaced. */
const REQUEST_TIMEOUT_MS = 60_000;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The worker thread that runs the ID check's models (vision-thread.js): face detection and
 * descriptors, and the PDF417 reader. The models load once per process and stay warm; photos are
 * decoded here with sharp (libuv's pool) and only raw pixels (copied) cross to the thread, so neither
 * decoding nor inference ever blocks the worker's event loop.
 */
@Injectable()
export class VisionEngine implements OnApplicationShutdown {
  private readonly logger = new Logger('VisionEngine');
  private thread?: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  /** Loads the models now, so the first check does not pay for it. */
  warm(): Promise<unknown> {
    return this.request('warm', {});
  }

  /** The faces of a photo, largest first, in the coordinates of an image `width` pixels wide. */
  async faces(image: Buffer): Promise<{ width: number; faces: DetectedFace[] }> {
    const { data, info } = await sharp(image).rotate().resize(FACE_INPUT_MAX_SIDE, FACE_INPUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const faces = (await this.request('faces', { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height })) as DetectedFace[];
    return { width: info.width, faces };
  }

  async pdf417(image: Buffer): Promise<string[]> {
    const { data, info } = await sharp(image).rotate().resize(BARCODE_INPUT_MAX_SIDE, BARCODE_INPUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return this.request('pdf417', { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }) as Promise<string[]>;
  }

  private worker(): Worker {
    if (this.thread) return this.thread;
    if (this.closed) throw new Error('vision: the worker is shutting down');
    const thread = new Worker(join(__dirname, 'vision-thread.js'));
    // The process's life is the app's: an idle model thread never keeps it running (see request()).
    thread.unref();
    thread.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (!this.pending.size) thread.unref();
      clearTimeout(p.timer);
      if (error !== undefined) p.reject(new Error(`vision: ${error}`));
      else p.resolve(result);
    });
    thread.on('error', (err) => this.fail(thread, err));
    thread.on('exit', (code) => this.fail(thread, new Error(`vision thread exited (${code})`)));
    this.thread = thread;
    return thread;
  }

  /** The thread died or hung: every request in flight fails (its job is retried) and the next one starts a new thread. */
  private fail(thread: Worker, err: Error): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }

  private async request(op: string, input: object): Promise<unknown> {
    const thread = this.worker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.logger.warn(`vision thread did not answer ${op} in ${REQUEST_TIMEOUT_MS} ms; restarting it`);
        this.fail(thread, new Error(`vision: ${op} timed out`));
        void thread.terminate();
      }, REQUEST_TIMEOUT_MS);
      timer.unref(); // a hung thread must not keep a stopping process alive
      this.pending.set(id, { resolve, reject, timer });
      thread.ref(); // held while a request waits for its answer
      thread.postMessage({ id, op, input });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    if (!thread) return;
    this.fail(thread, new Error('vision: the worker is shutting down'));
    await thread.terminate();
  }
}
