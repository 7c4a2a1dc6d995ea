// What the benchmarks share to run the real stack: a free port, waiting for an API to be ready,
// running a command to completion, and percentiles.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT } from '../../scripts/lib/services.mjs';

export const freePort = () => new Promise((done) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => done(port));
  });
});

export async function waitReady(url, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/** Runs a command in the repository; rejects when it exits non-zero. */
export function exec(cmd, args, env) {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
