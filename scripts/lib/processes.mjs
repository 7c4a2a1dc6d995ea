// Runs child processes with prefixed output and stops them all cleanly on Ctrl-C / SIGTERM.
import { spawn } from 'node:child_process';
import { ROOT } from './services.mjs';

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv; cwd?: string; label?: string }} [options]
 * @returns {Promise<void>}
 */
export function run(cmd, args, { env = process.env, cwd = ROOT, label } = {}) {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { env, cwd, stdio: 'inherit' });
    child.once('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`${label ?? cmd} exited with ${code ?? signal}`))));
  });
}

export class Supervisor {
  children = [];
  stopping = false;
  /** @type {(() => void) | undefined} set by the launcher: what to do when a child dies on its own */
  onCrash = undefined;

  start(label, cmd, args, env) {
    const child = spawn(cmd, args, { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.once('exit', (code, signal) => {
      if (!this.stopping) {
        console.error(`[${label}] exited (${code ?? signal}); stopping everything.`);
        this.onCrash?.();
      }
    });
    this.children.push(child);
    return child;
  }

  /** SIGTERM to every child, then wait; a child that hangs past `graceMs` is killed. */
  async stopAll(graceMs = 10000) {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
            child.once('exit', () => {
              clearTimeout(timer);
              done();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}
