/** Which kind of process this is: an API instance or the worker (docs/architecture.md#processes). */
export type ProcessRole = 'api' | 'worker';
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');
