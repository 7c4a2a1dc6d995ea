// The load generator's scheduling class while it drives the chat bench (bench/README.md#the-load-generator-yields).
//
// The bench shares the machine's two cores with the APIs, PostgreSQL and Redis. Every push an
// API writes to one of the bench's 300 sockets wakes the bench, and under the normal class
// (SCHED_OTHER) a woken task may preempt the one running: the API is switched out in the middle
// of its turn, the bench reads one frame, and the API comes back to write the next. Players'
// phones are not on the server, so that ping-pong is the bench's own, and on a paravirtualised VM
// where a switch is dear it took about half of the APIs' CPU per message (A/B in the README).
// SCHED_BATCH (`chrt -b`) changes only that: a woken batch task does not preempt, it runs at the
// scheduler's next decision, with the same share of the CPU as before. Every cycle it spends still
// counts (CPU per message: this bench). Only the bench's own threads are switched, after the
// processes under test started and back before any new one starts, so they never inherit it.
import { execFileSync } from 'node:child_process';

/** 'batch' unless BENCH_LOADGEN_SCHED=other (the class every run used before 2026-11-28 08:30 UTC). */
export const LOADGEN_CLASS = process.env.BENCH_LOADGEN_SCHED === 'other' ? 'other' : 'batch';

/** Puts every thread of this process in `cls` ('batch' or 'other'); false where chrt is missing or refused. */
function setClass(cls) {
  try {
    execFileSync('chrt', ['--all-tasks', cls === 'batch' ? '--batch' : '--other', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts this process in LOADGEN_CLASS for the load it is about to drive; answers the class that
 * holds, for the run's printed line: `SCHED_BATCH`, or `SCHED_OTHER` (asked for, or chrt missing).
 */
export function enterLoadGeneratorClass() {
  return LOADGEN_CLASS === 'batch' && setClass('batch') ? 'SCHED_BATCH' : 'SCHED_OTHER';
}

/** Back in the normal class, before any process under test is started again. */
export function leaveLoadGeneratorClass() {
  setClass('other');
}
