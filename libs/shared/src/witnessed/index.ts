/**
 * Witnessed score: the contract (docs/matches.md#witnessed-score).
 *
 * - Scorers are chosen in the lobby before Start: per team (default: each team's first player;
 *   `chooseScorer` by a player of that team) or one scorer for both (`proposeSingleScorer`, then
 *   every player `answerSingleScorer` accept; a decline drops it).
 * - Each scorer keeps the WHOLE score (both teams) as a stream of `ScoreEvent`s: taps of
 *   `allowedPoints(scoring)` and undos (`kind: 'undo'`, `points: 0`, `undoes`: the tap's
 *   `clientEventId`). A phone makes `clientEventId` (UUID) and `deviceSeq` (1, 2, …).
 * - Live: socket `score:tap` (ack `ScoreTapAck`) after joining `match:{id}` (players) ; every
 *   accepted event is pushed as `score:event` `{ event, state }` to the players and to the
 *   spectators' room; other changes push `scoreboard:state`; a settled match `scoreboard:complete`.
 * - Offline: the outbox posts `postScoreEvents` in order (all or none; a resend is a duplicate,
 *   never a second point; a refusal names the refused `clientEventId`). Do not replay an outbox
 *   over `score:tap`: the socket is rate-limited per scorer (`WITNESSED_LIMITS`).
 * - Reads: `scoreboard` (players: `ScoreboardView`, with `events` and `spectatorToken`),
 *   `spectatorScoreboard` by token (anyone: `ScoreboardState`); spectators go live with socket
 *   `scoreboard:watch` (token; without a login the socket connects with
 *   `auth: SPECTATOR_SOCKET_AUTH`) and poll the REST read while it is down.
 * - The rules (`scoreOfStream`, `consensus`, `firstSplit`, `liveScore`, `gamePoint`, `tapRefusal`)
 *   are the server's; a screen may use them to show its own taps before the ack.
 * - Both streams finished and equal: the match completes as two agreeing reports would. They
 *   differ: `divergence.at` ("You differ from 9–8", `WITNESSED_MSG.differFrom`); fix with undos,
 *   or `witnessedDispute`. A scorer idle `idleFallbackMinutes`: status 'fallback' (report as usual).
 */
export * from './constants';
export * from './messages';
export * from './api';
export * from './routes';
export * from './rules';
