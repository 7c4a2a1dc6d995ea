// Preloaded into the API processes by bench/soak.mjs (`node --require`): every 10 s, appends the
// process's event-loop delay (p50/p99/max over the last 10 s) and RSS to LOOP_PROBE_FILE.<pid>.
// Changes nothing in the app; only the soak uses it.
const { loopDelay } = require('./loop-delay.cjs');
const { appendFileSync } = require('node:fs');

const file = process.env.LOOP_PROBE_FILE ? `${process.env.LOOP_PROBE_FILE}.${process.pid}` : null;
if (file) {
  const h = loopDelay(10);
  setInterval(() => {
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), p50: h.percentile(50), p99: h.percentile(99), max: h.max(), rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed })}\n`,
    );
    h.reset();
  }, 10_000).unref();
}
