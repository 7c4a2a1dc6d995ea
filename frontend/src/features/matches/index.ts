/**
 * What the matches feature offers other features on purpose: the one match flow's screens and the
 * scope they take (a league's matches run on them, docs/product.md#league-matches), and the pieces
 * the league's own screens reuse.
 */
export type { Gate, MatchScope, ReportedWords, ScopedDispute } from './matchScope';
export { CreateMatchPage } from './CreateMatchPage';
export { JoinMatchPage } from './JoinMatchPage';
export { LobbyPage } from './LobbyPage';
export { ReportScorePage } from './ReportScorePage';
export { ResolveDisputePage } from './ResolveDisputePage';
export { isOpen } from './lobbyRules';
export { MatchTypeSelect, ScoringTypeSelect } from './MatchTypeFields';
export { parseScores } from './ScoreInputs';
