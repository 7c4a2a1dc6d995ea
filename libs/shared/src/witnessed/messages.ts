import { WITNESSED_LIMITS } from './constants';

/** Every text a player reads about witnessed scoring, once for the client and the server. */
export const WITNESSED_MSG = {
  // Choosing scorers (lobby, before Start)
  scorerSet: 'Scorer set.',
  scorerNotTeammate: "Choose a scorer from that team's players.",
  scorerOwnTeamOnly: "You can only choose your own team's scorer.",
  scorersLocked: 'Scorers can only be changed before the match starts.',
  singleProposed: 'Asked everyone to accept one scorer for both teams.',
  singleAccepted: 'You accepted one scorer for both teams.',
  singleAgreed: 'Everyone accepted: one scorer keeps the score for both teams.',
  singleDeclined: 'One scorer for both was declined. Each team keeps its own scorer.',
  answerInvalid: 'Say whether you accept one scorer for both teams.',
  noSingleProposal: 'Nobody asked for one scorer for both teams.',
  scorerNotPlayer: 'Choose a scorer from the players in this match.',
  // Taps
  eventsInvalid: 'Send taps as a list of events, each with a team, points, an id and a counter.',
  tooManyEvents: `Send at most ${WITNESSED_LIMITS.batchMax} taps at once.`,
  notScorer: 'Only a scorer of this match can tap the score.',
  notLive: 'This match is not being scored: it has not started or is already over.',
  points: (low: number, high: number) => `A tap adds ${low} or ${high} points in this game.`,
  gameOver: 'Your score already reached the target. Undo a point to fix it.',
  undoUnknown: 'There is no tap of yours to undo there.',
  futureClock: "This phone's clock is ahead of the server's. Set the time automatically and try again.",
  rate: 'Too many taps at once. Slow down.',
  tapRefused: (n: number, message: string) => `Tap ${n}: ${message}`,
  synced: 'Score synced.',
  // Consensus, divergence, disputes
  differFrom: (at: string) => `You differ from ${at}.`,
  agreed: (score: string) => `Both scorers agree: ${score}. The match is complete.`,
  disputeOpened: 'Dispute opened. Both score logs are attached for the players and the moderators.',
  noDivergence: 'The two scores do not differ, so there is nothing to dispute.',
  disputeNotScorer: 'Only a scorer can open a dispute about the score.',
  fallback: 'A scorer stopped scoring. Report the final score the usual way.',
  // Spectators
  linkNotFound: 'This scoreboard link is not valid.',
} as const;
