import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { freePort, killed, waitFor } from './processes';

/**
 * A redis-server of the test's own (on a free port, data in a temporary folder, every write
 * synced to its append-only file), which the test may kill and start again without touching the
 * machine's shared Redis. Killed with SIGKILL and restarted, it comes back with its data, as a
 * crashed and restarted Redis with AOF does.
 */
export class PrivateRedis {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'gotnext-redis-'));

  private constructor(readonly port: string) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again); nothing to do while it runs. */
  async up(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    this.child = spawn('redis-server', ['--port', this.port, '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'], {
      stdio: 'ignore',
    });
    await waitFor(() => this.answers());
  }

  /** SIGKILL, as a crash: nothing is flushed that was not already. */
  async kill(): Promise<void> {
    if (this.child) await killed(this.child);
  }

  /** SIGSTOP: the server hangs with its connections open, as an overloaded or stalled Redis does. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT after `freeze`. */
  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    this.thaw(); // a stopped process does not act on SIGKILL's exit until continued
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private answers(): Promise<boolean> {
    return new Promise((ok) => {
      const s = createConnection(Number(this.port), '127.0.0.1');
      s.once('connect', () => s.write('PING\r\n'));
      s.once('data', (d) => (s.destroy(), ok(String(d).startsWith('+PONG'))));
      s.once('error', () => ok(false));
    });
  }
}
