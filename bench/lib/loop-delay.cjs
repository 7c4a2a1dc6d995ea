// The event loop's delay, in ms. Node's monitorEventLoopDelay records the whole interval between
// its timer's runs, the resolution included: an idle loop reads ~10.2 ms at a 10 ms resolution
// (checked on Node 20). The delay is what lies beyond the resolution, so that is what this gives.
const { monitorEventLoopDelay } = require('node:perf_hooks');

/** A running monitor: percentile(q) and max() in ms of delay, reset(), disable(). */
function loopDelay(resolutionMs = 10) {
  const h = monitorEventLoopDelay({ resolution: resolutionMs });
  h.enable();
  const ms = (ns) => Math.max(0, ns / 1e6 - resolutionMs);
  return {
    percentile: (q) => ms(h.percentile(q)),
    max: () => ms(h.max),
    reset: () => h.reset(),
    disable: () => h.disable(),
  };
}

module.exports = { loopDelay };
