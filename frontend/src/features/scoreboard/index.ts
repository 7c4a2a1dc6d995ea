/**
 * The witnessed score's screens (docs/product.md#scoreboard): the scorers' and players' live
 * scoreboard, the public spectator page, and the lobby's scorer choice.
 */
export { ScoreboardPage } from './ScoreboardPage';
export { WatchPage } from './WatchPage';
export { ScorerChoice } from './ScorerChoice';
