import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { AppConfig } from '../../src/config/env';

const DIST = resolve(__dirname, '../../dist');

export interface StartedProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** How the process ended, with its output beside the code, so a failed expectation shows why. */
export async function ending(p: StartedProcess): Promise<{ code: number | null; output: string }> {
  const code = await p.exited;
  return { code, output: p.output() };
}

/**
 * Every process a test file started; `killLeftovers` (after each test) SIGKILLs one a failed test
 * left running, by its pid, and waits for it to be gone, so no test (and no jest worker at its
 * end) goes on with a dying child's handle and pipes still open.
 */
const children: ChildProcess[] = [];
export async function killLeftovers(): Promise<void> {
  await Promise.all(children.splice(0).map(killed));
}

/** SIGKILLs a child that still runs and resolves once it is gone (at once if it already was). */
export async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGKILL');
  await gone;
}

/** Runs a compiled entry point (`npm test` builds first), as production does. */
export function startProcess(file: 'main.js' | 'worker.js', env: Record<string, string>): StartedProcess {
  let out = '';
  const child = spawn(process.execPath, [resolve(DIST, file)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => out, exited };
}

/** The test environment's settings as a child process's environment. */
export function processEnvOf(config: AppConfig): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A port free right now (the OS picks it), for a child process to listen on. */
export function freePort(): Promise<string> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(String(port)));
    });
  });
}

/** The compiled API on a free port with the test environment's settings (and `extra`), once it answers. */
export async function startApiProcess(config: AppConfig, extra: Record<string, string> = {}): Promise<StartedProcess & { port: string; url: string }> {
  const port = await freePort();
  const api = startProcess('main.js', { ...processEnvOf(config), PORT: port, ...extra });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () =>
      (await fetch(`${url}/api/health`).then(
        (r) => r.status,
        () => 0,
      )) === 200,
  ).catch((err: Error) => {
    throw new Error(`${err.message}: the API did not answer /api/health (exit code ${api.child.exitCode}); its output:\n${api.output()}`);
  });
  return { ...api, port, url };
}
