import type { Logger } from '@nestjs/common';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A request the thread has not answered in this long is taken as hung: the thread is replaced. */
const REQUEST_TIMEOUT_MS = 60_000;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * One worker thread running vision-thread.js, its requests answered by id. A thread that dies or
 * hangs fails every request in flight (their jobs are retried) and the next request starts a new one.
 */
export class ModelThread {
  private thread?: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly logger: Logger) {}

  /** Requests sent and not yet answered: the engine sends the next one to the thread with the fewest. */
  get load(): number {
    return this.pending.size;
  }

  request(op: string, input: object): Promise<unknown> {
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

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    if (!thread) return;
    this.fail(thread, new Error('vision: the worker is shutting down'));
    await thread.terminate();
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

  /** The thread died or hung: every request in flight fails and the next one starts a new thread. */
  private fail(thread: Worker, err: Error): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }
}
