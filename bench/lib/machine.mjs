// What kind of machine the figures come from, printed once at the top of `npm run bench`.
// The same code moved by 2x between 2-core VMs of the same name (docs/scaling.md#measured-costs):
// some are paravirtualised guests where one system call costs over a microsecond (every push,
// HTTP answer and database round trip makes several), and where JavaScript itself ran at less than
// half the speed. Two yardsticks tell them apart without root: one system call and plain JavaScript.
import { cpus, loadavg, release, uptime } from 'node:os';
import { readFileSync } from 'node:fs';

/** Median of `rounds` timings of `fn` run `n` times, in ns per call. */
function nsPerCall(fn, n = 100_000, rounds = 5) {
  const runs = [];
  for (let r = 0; r < rounds; r += 1) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) fn();
    runs.push(Number(process.hrtime.bigint() - t) / n);
  }
  return runs.sort((a, b) => a - b)[Math.floor(rounds / 2)];
}

function clocksource() {
  try {
    return readFileSync('/sys/devices/system/clocksource/clocksource0/current_clocksource', 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

// A direct message's answer as the API sends it (SendMessageResponse), for the JS yardstick.
const SAMPLE = {
  message: 'Message sent.',
  chat_message: { id: 123456, sender_id: 42, recipient_id: 43, message: 'Running next at the Rucker, you in?', timestamp: '2026-11-27T23:30:00.000Z', read: false },
};

/** "2.72 3.03 3.21": the 1, 5 and 15 minute load averages, as every bench prints them. */
export function loadAverage() {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** "2 × AMD EPYC": the CPUs every bench's machine line names. */
export function cpuLabel() {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}`;
}

/**
 * A VM ran the chat at two thirds of its later rate in its first ten minutes after booting
 * (docs/scaling.md#measured-costs): figures from then are flagged.
 */
const FRESH_BOOT_MINUTES = 10;

/**
 * One line: cores, kernel, clock, a system call's cost (process.ppid calls getppid each time), a
 * JSON round trip's, and how long ago the machine booted (flagged when within FRESH_BOOT_MINUTES).
 */
export function machineLine() {
  const syscall = nsPerCall(() => process.ppid);
  const json = nsPerCall(() => JSON.parse(JSON.stringify(SAMPLE)));
  const upMinutes = Math.floor(uptime() / 60);
  const fresh = upMinutes < FRESH_BOOT_MINUTES ? ` (under ${FRESH_BOOT_MINUTES}: one VM ran slower then, so these figures may not compare with later ones)` : '';
  return (
    `machine: ${cpuLabel()}, Linux ${release()}, clock ${clocksource()}; ` +
    `a system call ${(syscall / 1000).toFixed(2)} µs, a chat message's JSON round trip ${(json / 1000).toFixed(2)} µs; ` +
    `booted ${upMinutes} min ago${fresh}`
  );
}
