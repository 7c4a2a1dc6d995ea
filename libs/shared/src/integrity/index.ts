/** The integrity graph: pure analysis of who plays whom (docs/rating.md#integrity). */
export { analyzeIntegrity } from './analyze';
export { INTEGRITY } from './constants';
export type { Evidence, IntegrityMatch, IntegrityPlayer, IntegrityReport, Suspicion, SuspicionKind } from './types';
