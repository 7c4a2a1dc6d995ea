// The Node (V8) flags the API and the worker run with, named once for every launcher that starts
// them for real: `npm start` (scripts/start.mjs), the e2e stack (scripts/e2e-server.mjs) and the
// benches (bench/support.mjs, so the benches measure what production runs). docker-compose.yml
// cannot import this file: its worker sets the same in NODE_OPTIONS; change both together.
//
// The worker: a young generation of 2 × 32 MiB instead of V8's 2 × 16 MiB (--max-semi-space-size,
// MiB per semi-space). A rating batch's short-lived objects are then scavenged half as often, for
// about the same cost per scavenge: 6–25 % less worker CPU per match in three of three bench pairs,
// ~10–20 MiB more RSS. The API keeps V8's default: there the chat and lobby benches showed the
// scavenges halve but no CPU gain beyond the machine's noise, for ~45 MiB more RSS under HTTP load.
// The figures: docs/scaling.md#young-generation.
export const API_NODE_FLAGS = [];
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** `node`'s arguments for the API: its flags, then `extra` (a later flag wins), then the entry point. */
export const apiArgs = (extra = []) => [...API_NODE_FLAGS, ...extra, 'backend/dist/main.js'];
/** `node`'s arguments for the worker, as apiArgs. */
export const workerArgs = (extra = []) => [...WORKER_NODE_FLAGS, ...extra, 'backend/dist/worker.js'];
