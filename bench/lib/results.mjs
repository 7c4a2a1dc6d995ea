// A bench's figures as data: every bench that imports this writes, when its process exits,
// bench/results/<bench>-<date>.json with the machine line (lib/machine.mjs), each figure with its
// unit, target and verdict, and every line it printed (the figures without a target are there
// too). bench/README.md's table is generated from those files (lib/results-table.mjs).
//
// File shape (also what the table script reads):
//   { bench, date, commit, machine, exitCode, figures: [{ name, scope?, value, unit,
//     target?: { op, value }, verdict?: 'MET' | 'MISSED' }], log: [line] }
// A file converted from a written record also has `source` (where its figures were copied from);
// it has no log, and a figure's value may be null where the record gave none.
// BENCH_RESULTS_DIR writes elsewhere (tests); BENCH_RESULTS=0 writes nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './machine.mjs';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? join(ROOT, 'bench', 'results');

const OPS = { '<=': (v, t) => v <= t, '<': (v, t) => v < t, '>=': (v, t) => v >= t, '>': (v, t) => v > t };

/** "chat" for bench/chat.bench.mjs, "soak" for bench/soak.mjs. */
export function benchName(script) {
  return basename(script).replace(/\.bench\.mjs$|\.mjs$/, '');
}

/** "2026-11-29T0341Z": the start time, to the minute, safe in a file name. */
export function fileDate(date) {
  return date.toISOString().slice(0, 16).replace(':', '') + 'Z';
}

/** 'MET' or 'MISSED' for `value` against `target` ({ op, value }). */
export function judge(value, target) {
  const test = OPS[target.op];
  if (!test) throw new Error(`unknown target operator ${target.op}`);
  return test(value, target.value) ? 'MET' : 'MISSED';
}

function shortCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * One bench run's record. `start()` is called once per process (below); benches use `figure`.
 * Exported as a class so the table script's test can build records the same way.
 */
export class BenchRecord {
  constructor(bench, date = new Date(), machine = machineLine(), commit = shortCommit()) {
    this.data = { bench, date: date.toISOString(), commit, machine, exitCode: null, figures: [], log: [] };
    this.started = date;
    this.scope = '';
  }

  /** What the next figures were measured on ("2 instances, http"), when one bench measures several. */
  setScope(scope) {
    this.scope = scope;
  }

  /** A figure, with its target when it has one; returns the verdict (or null). */
  figure(name, value, unit = '', target) {
    const verdict = target ? judge(value, target) : null;
    this.data.figures.push({ name, ...(this.scope ? { scope: this.scope } : {}), value, unit: unit.trim(), ...(target ? { target, verdict } : {}) });
    return verdict;
  }

  line(text) {
    this.data.log.push(text);
  }

  /** Writes the record; returns its path. */
  write(dir = RESULTS_DIR, exitCode = 0) {
    this.data.exitCode = exitCode;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${this.data.bench}-${fileDate(this.started)}.json`);
    writeFileSync(file, `${JSON.stringify(this.data, null, 2)}\n`);
    return file;
  }
}

let current = null;

/** This process's record: started on first use, written when the process exits. */
function record() {
  if (current) return current;
  current = new BenchRecord(benchName(process.argv[1] ?? 'bench'));
  if (process.env.BENCH_RESULTS === '0') return current;
  // Every printed line goes into the record as well as to the terminal.
  const partial = new Map();
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = (chunk, ...rest) => {
      const lines = ((partial.get(stream) ?? '') + String(chunk)).split('\n');
      partial.set(stream, lines.pop());
      lines.forEach((l) => current.line(l));
      return write(chunk, ...rest);
    };
  }
  process.once('exit', (code) => {
    for (const rest of partial.values()) if (rest) current.line(rest);
    const file = current.write(RESULTS_DIR, code);
    process.stderr.write(`results: ${file}\n`);
  });
  return current;
}

/** Starts the record now, so its machine line is measured before the bench loads the machine. */
export function startRecord() {
  record();
}

/**
 * Records one figure. `target` ({ op: '<=' | '<' | '>=' | '>', value }) is optional: a figure
 * without one is kept as data, with no verdict. Returns 'MET', 'MISSED' or null.
 */
export function figure(name, value, unit = '', target) {
  return record().figure(name, value, unit, target);
}

/** Names what the next figures were measured on; '' for none. */
export function setScope(scope) {
  record().setScope(scope);
}
