// What kind of machine the figures come from, printed once at the top of `npm run bench`.
// The same code moved by 2x between 2-core VMs of the same name (docs/scaling.md#the-same-code-on-six-vms):
// some VMs are paravirtualised guests where entering the kernel costs ~20x what it costs on
// others, and every push, HTTP answer and database round trip enters it several times. Two
// yardsticks tell them apart without root: the cost of one system call and of plain JavaScript.
import { cpus, release } from 'node:os';
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

// A direct message as the API sends it (the shape of SendMessageResponse), for the JS yardstick.
const SAMPLE = { message: 'Message sent.', chat_message: { id: 123456, sender_id: 42, recipient_id: 43, content: 'Running next at the Rucker, you in?', created_at: '2026-11-27T23:30:00.000Z', read_at: null } };

/** One line: cores, kernel, clock, a system call's cost (process.ppid calls getppid each time) and a JSON round trip's. */
export function machineLine() {
  const syscall = nsPerCall(() => process.ppid);
  const json = nsPerCall(() => JSON.parse(JSON.stringify(SAMPLE)));
  const cpu = cpus();
  return `machine: ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, Linux ${release()}, clock ${clocksource()}; `
    + `a system call ${(syscall / 1000).toFixed(2)} µs, a chat message's JSON round trip ${(json / 1000).toFixed(2)} µs`;
}
