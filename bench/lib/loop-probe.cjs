// Preloaded into the API processes by bench/soak.mjs (`node --require`): every 10 s, appends the
// process's event-loop delay (p50/p99/max over the last 10 s) and RSS to LOOP_PROBE_FILE.<pid>.
// Changes nothing in the app; only the soak uses it.
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { appendFileSync } = require('node:fs');

const file = process.env.LOOP_PROBE_FILE ? `${process.env.LOOP_PROBE_FILE}.${process.pid}` : null;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  setInterval(() => {
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6, rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed })}\n`);
    h.reset();
  }, 10_000).unref();
}
